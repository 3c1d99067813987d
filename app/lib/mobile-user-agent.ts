// The user-agent half of mobile mode lives in shared/: the page cache (server/) keys pages by it too.
export { isMobileUserAgent, MOBILE_AGENT_CLASS, MOBILE_MAX_WIDTH } from "../../shared/mobile-user-agent.ts";
