import { benchmarkHome, hostedBenchmarks } from "@/lib/benchmarks";

/** The home page's benchmark picker: every hosted benchmark's page, from the registry (the one at "/" first). */
export function BenchmarkSwitcher({ current }: { current: string }) {
  const items = hostedBenchmarks().map((b) => ({ id: b.id, title: b.title, href: benchmarkHome(b) }));
  return (
    <nav aria-label="Benchmark" className="flex flex-wrap items-center gap-2 text-sm" data-benchmark-switcher="">
      <span className="text-fg-muted">Benchmark:</span>
      {items.map((b) => (
        <a
          key={b.id}
          href={b.href}
          aria-current={b.id === current ? "page" : undefined}
          className={`rounded-md border px-3 py-1 ${b.id === current ? "border-accent bg-surface font-semibold text-fg" : "border-line text-fg-muted hover:bg-surface-hover"}`}
        >
          {b.title}
        </a>
      ))}
    </nav>
  );
}
