// /benchmarks/<id>/<view>: one of a benchmark module's other views, drawn by app/benchmarks/_components/benchmark-page.tsx.
export { default, generateMetadata } from "../../_components/benchmark-page";

// route segment config is read from the route file itself, so it lives here
export const dynamic = "force-dynamic";
