// Shared by the product description and the category description.
/** Typography for the merchant's HTML (Tailwind's reset strips list bullets and heading sizes). */
export const RICH_TEXT =
  "[&_a]:text-aqua-600 [&_a]:underline [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-bold [&_li]:mb-1 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6 " +
  "[&_table]:mb-3 [&_table]:border-collapse [&_td]:border-b [&_td]:border-line [&_td]:py-1.5 [&_th]:border-b [&_th]:border-line [&_th]:py-1.5 [&_th]:pr-6 [&_th]:text-left [&_th]:font-medium [&_th]:text-muted";
