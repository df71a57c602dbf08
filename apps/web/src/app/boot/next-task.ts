/**
 * Resolves in a task of its own, after what the browser has waiting (input, paint, responses that have
 * arrived). The start-up stages (the `*-stage.ts` modules here, which main.tsx imports first, in order)
 * await it at their top level: the build keeps modules in the order they run and a top-level await holds
 * back every module after it, so starting the app is a few tasks of moderate length instead of one long
 * one (the largest share of Lighthouse's total blocking time on a phone).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
