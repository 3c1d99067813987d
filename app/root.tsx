import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { displayCurrency } from "../shared/store-config.ts";
import { supportChatOf } from "../shared/support-chat.ts";
import type { Route } from "./+types/root";
import { footerArea } from "./components/deferred-footer-area.tsx";
import { topNavigation } from "./components/deferred-top-navigation.tsx";
import { MobileBottomBar } from "./components/mobile-bottom-bar.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { NotFoundView, SomethingWentWrongView } from "./components/status-views.tsx";
import { TestModeNotice } from "./components/test-mode-notice.tsx";
import { ToastContainer } from "./components/toasts.tsx";
import { appContext } from "./context.ts";
import { CartProvider, onCartButtonClick, useCartCount } from "./features/cart/cart-context.tsx";
import { LazyCartOverlay } from "./features/cart/lazy-cart-overlay.tsx";
import { NavigationStatus } from "./features/catalog/navigation-status.tsx";
import { loadStorefrontConfig } from "./features/content/store-content.server.ts";
import { LazyShellEffects } from "./features/shell/lazy-shell-effects.tsx";
import { RouteChangeEffects } from "./features/shell/route-change-effects.tsx";
import { loadShellData } from "./features/shell/shell-data.server.ts";
import { useVisitorSummary } from "./features/shell/visitor-summary.ts";
import { DeferredHydration } from "./lib/deferred-hydration.tsx";
import { isMobileUserAgent, MOBILE_AGENT_CLASS } from "./lib/mobile-user-agent.ts";
import { MobileAgentContext } from "./lib/use-mobile-agent.ts";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** Back-office pages: their own document (app/routes/admin/layout.tsx), none of the storefront's loaders or shell. */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, nonce, logger, page } = context.get(appContext);
  if (isAdminPath(new URL(request.url).pathname)) return { area: "admin" as const, nonce };
  // Nothing of the visitor's here: the same page serves everyone from the page cache. The cart count and
  // the signed-in state come from the browser (features/shell/visitor-summary.ts). Every storefront page
  // shows the store's settings, the category menu and the footer's brands and categories.
  page.tag("settings", "category", "brand", "content", "discount");
  const store = await loadStorefrontConfig(services);
  return {
    area: "store" as const,
    nonce,
    publicUrl: services.config.publicUrl,
    store: {
      storeName: store.storeName,
      storeLogoUrl: store.storeLogoUrl,
      contactPhoneNumber: store.contactPhoneNumber,
      storeEmail: store.storeEmail,
      storeAddress: store.storeAddress,
      storeCurrency: displayCurrency(store),
      storefrontAnnouncement: store.storefrontAnnouncement,
      gTagId: store.gTagId,
      paths: store.paths,
      informationLinks: store.themeConfig.footerNavLinks.information,
      supportChat: supportChatOf(store),
    },
    // Mobile mode by user agent as well as by width so a phone in landscape still gets the phone layout: app.css's `desk` variant reads it.
    mobileAgent: isMobileUserAgent(request.headers.get("user-agent")),
    // Header bar, exit-intent offer, footer lists (features/shell).
    shell: await loadShellData(services, logger),
    // The built-in test gateway charges nothing: every page says so.
    testPayments: services.paymentGateway.name === "test",
    botCheck:
      store.recaptchaSiteKey && services.config.env.RECAPTCHA_SECRET ? ("recaptcha" as const) : ("altcha" as const),
  };
}

export type RootData = Extract<Awaited<ReturnType<typeof loader>>, { area: "store" }>;
type AnyRootData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  const raw = useRouteLoaderData<AnyRootData>("root");
  const location = useLocation();
  if (raw?.area === "admin" || isAdminPath(location.pathname)) {
    return <AdminDocument nonce={raw?.nonce}>{children}</AdminDocument>;
  }
  return <StorefrontDocument data={raw?.area === "store" ? raw : undefined}>{children}</StorefrontDocument>;
}

/** The back office's document: the store's stylesheet and scripts, no storefront header, footer, cart or effects. */
function AdminDocument({ nonce, children }: { nonce?: string; children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <Meta />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Links />
      </head>
      <body className="min-h-screen bg-surface text-ink">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function StorefrontDocument({ data, children }: { data: RootData | undefined; children: React.ReactNode }) {
  const location = useLocation();
  // The visitor's cart count and sign-in state, asked for once the page has hydrated (the server renders
  // every shopper page as an anonymous visitor's); the tab's cart once it knows its lines.
  const visitor = useVisitorSummary(data);
  const cartCount = useCartCount(visitor.cartCount);
  const query = location.pathname === "/searchresults.asp" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <html lang="en" className={data?.mobileAgent ? MOBILE_AGENT_CLASS : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d63" />
        <Meta />
        <link
          rel="icon"
          href={data?.shell.favicon.href ?? "/favicon.svg"}
          type={data ? data.shell.favicon.type : "image/svg+xml"}
        />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        {data?.testPayments ? <TestModeNotice /> : null}
        {data ? (
          <SiteHeader
            storeName={data.store.storeName}
            logoUrl={data.store.storeLogoUrl}
            phone={data.store.contactPhoneNumber}
            announcement={data.store.storefrontAnnouncement}
            cartCount={cartCount}
            signedIn={visitor.signedIn}
            query={query}
            productPath={data.store.paths.products}
            collectionPath={data.store.paths.collections}
            currency={data.store.storeCurrency}
            rollingTexts={data.shell.rollingTexts}
            headerLinks={data.shell.headerLinks}
            supportChat={data.store.supportChat}
            onCartClick={onCartButtonClick}
            // Desktop only: a phone's browser never shows it, so it is not rendered for one (useMobileAgent).
            categoryBar={
              data.mobileAgent ? null : (
                <DeferredHydration
                  part={topNavigation}
                  props={{ items: data.shell.navigation, label: "Shop by category" }}
                />
              )
            }
          />
        ) : null}
        <CartProvider serverCount={visitor.cartCount}>
          <main id="main" className="flex-1">
            <MobileAgentContext.Provider value={data?.mobileAgent === true}>{children}</MobileAgentContext.Provider>
          </main>
          {data ? (
            <LazyCartOverlay currency={data.store.storeCurrency} productPath={data.store.paths.products} />
          ) : null}
        </CartProvider>
        {data ? (
          <DeferredHydration
            part={footerArea}
            props={{
              storeName: data.store.storeName,
              logoUrl: data.store.storeLogoUrl,
              phone: data.store.contactPhoneNumber,
              email: data.store.storeEmail,
              address: data.store.storeAddress,
              informationLinks: data.store.informationLinks,
              brands: data.shell.footer.brands,
              categories: data.shell.footer.categories,
              rating: data.shell.footer.rating,
              reviewsUrl: data.shell.reviewsUrl,
              year: data.shell.copyrightYear,
              botCheck: data.botCheck,
              collectionPath: data.store.paths.collections,
            }}
          />
        ) : null}
        {data ? (
          <MobileBottomBar
            signedIn={visitor.signedIn}
            cartCount={cartCount}
            phone={data.store.contactPhoneNumber}
            onCartClick={onCartButtonClick}
            categories={data.shell.navigation}
            headerLinks={data.shell.headerLinks}
            blogPath={data.store.paths.blog}
          />
        ) : null}
        <ToastContainer />
        {/* Page views and the scroll to the top from the first page on; the rest once the page has settled. */}
        {data ? <RouteChangeEffects gTagId={data.store.gTagId} /> : null}
        {data ? <LazyShellEffects signedIn={visitor.signedIn} exitIntentOffer={data.shell.exitIntentOffer} /> : null}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const location = useLocation();
  if (isAdminPath(location.pathname)) return <Outlet />;
  return (
    <>
      {/* On every navigation to a product page, whichever page it starts from. */}
      <NavigationStatus />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return <SomethingWentWrongView />;
}
