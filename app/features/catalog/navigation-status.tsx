import { useEffect, useState } from "react";
import { useNavigation, useRouteLoaderData } from "react-router";

/** A navigation faster than this shows no loading text at all (no flash). */
const SHOW_AFTER_MS = 200;

/** True when the path is a product page: {productPath}/{handle} or {collectionPath}/{c}/{productPath}/{handle}. */
export function isProductPath(pathname: string, productPath: string): boolean {
  return pathname.startsWith(`${productPath}/`) || pathname.includes(`${productPath}/`, 1);
}

/**
 * The product page's loading state during client-side navigation: the
 * current page stays usable while a thin bar with the text shows at the top of the window.
 */
export function NavigationStatus() {
  const navigation = useNavigation();
  const root = useRouteLoaderData("root") as { store?: { paths?: { products?: string } } } | undefined;
  const productPath = root?.store?.paths?.products ?? "/products";
  const target = navigation.state === "loading" ? navigation.location?.pathname : undefined;
  const toProduct = target !== undefined && isProductPath(target, productPath);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!toProduct) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [toProduct]);
  if (!shown) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-0 top-0 z-(--z-modal) bg-water-900 py-1.5 text-center text-sm font-semibold text-white shadow"
    >
      Fetching product...
    </p>
  );
}
