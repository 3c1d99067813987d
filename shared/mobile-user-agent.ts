// Mobile mode: a window of 992 px or less, or a mobile user agent. The width
// is the CSS `desk` variant's business; this is the user-agent half, shared by the server (the root
// loader marks <html class="ua-mobile">, pages pick lazy images, the page cache keeps a copy per layout)
// and the browser (useMobileMode).

/** Below this width the phone layout applies whatever the user agent (breakpoint 992 px). */
export const MOBILE_MAX_WIDTH = 992;

/** The class on <html> that turns the `desk` variant off for a mobile user agent (app.css). */
export const MOBILE_AGENT_CLASS = "ua-mobile";

const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|IEMobile|Windows Phone|Opera Mini|BlackBerry|webOS/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent && MOBILE_AGENT.test(userAgent));
}
