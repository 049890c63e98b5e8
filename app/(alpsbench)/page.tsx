// /: AlpsBench's page at its old URL, rendered from lib/benchmarks/alpsbench/ui.
export { default } from "@/lib/benchmarks/alpsbench/ui/overview-page";

// route segment config is read from the route file itself, so it lives here
export const dynamic = "force-dynamic";
