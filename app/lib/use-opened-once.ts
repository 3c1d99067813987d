import { useState } from "react";

/**
 * True from the first render in which `open` is true, and from then on: for parts whose code loads on
 * first use and then stays mounted (so closing animates and focus returns as usual). The flag is set
 * during render, so the part mounts in the same render that opens it.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
