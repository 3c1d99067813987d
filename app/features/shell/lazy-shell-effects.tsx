import { type ComponentProps, type ComponentType, useEffect, useState } from "react";
import type { ShellEffects } from "./shell-effects.tsx";

type ShellEffectsProps = ComponentProps<typeof ShellEffects>;

const load = () => import("./shell-effects.tsx");
// In the browser the fetch starts as soon as the layout's code runs, alongside hydration rather than
// before it; the server renders nothing here either way.
let loading = typeof window === "undefined" ? null : load();

/**
 * The shell's page-view, exit-intent and live-visits effects (ShellEffects) draw nothing, so their code
 * is not part of the page's first load: they start once it has arrived, normally right after hydration.
 */
export function LazyShellEffects(props: ShellEffectsProps) {
  const [Effects, setEffects] = useState<ComponentType<ShellEffectsProps> | null>(null);
  useEffect(() => {
    let live = true;
    loading ??= load();
    loading.then(
      (module) => {
        if (live) setEffects(() => module.ShellEffects);
      },
      () => {
        // A failed fetch is tried again by the next mount.
        loading = null;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return Effects ? <Effects {...props} /> : null;
}
