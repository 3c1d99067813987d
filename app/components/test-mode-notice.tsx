// Shown on every page while the built-in test gateway takes the payments: no card is really charged. A
// small fixed badge in a corner (above the phone's bottom bar), so it takes no room in the page and moves
// nothing; it lets clicks through to whatever is under it.
export const TEST_MODE_TEXT = "Test mode: no real payments";

export function TestModeNotice() {
  return (
    // A landmark of its own (complementary): everything on the page sits in one.
    <aside
      aria-label="Payments"
      id="test-mode-notice"
      className="pointer-events-none fixed bottom-[calc(4.5rem+env(safe-area-inset-bottom))] left-2 z-30 rounded-md border border-action-600 bg-white px-2 py-1 text-xs font-semibold text-action-600 shadow-sm desk:bottom-2"
    >
      {TEST_MODE_TEXT}
    </aside>
  );
}
