// Shown on every page while the built-in test gateway takes the payments: no card is really charged. A
// slim strip above the header, in the page's flow: it covers nothing (a fixed badge sat over the phone's
// pagination and the footer's links) and, rendered with the page, moves nothing once it is shown.
export const TEST_MODE_TEXT = "Test mode: no real payments";

export function TestModeNotice() {
  return (
    // A landmark of its own (complementary): everything on the page sits in one.
    <aside
      aria-label="Payments"
      id="test-mode-notice"
      className="border-b border-action-600 bg-white px-2 py-1 text-center text-xs font-semibold text-action-600"
    >
      {TEST_MODE_TEXT}
    </aside>
  );
}
