// The ADMIN_TOKEN the end-to-end server runs with (playwright.config.ts), for the operator endpoints.
export const E2E_ADMIN_TOKEN = "e2e-admin-token-for-the-throwaway-test-store";
