/**
 * Stored HTML of articles, help answers and pages. It is written by the store's staff (or the demo
 * seeder), never by shoppers, so it is rendered as it is; the wrapper gives it readable typography.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`max-w-[72ch] text-base leading-relaxed text-ink [&_a]:text-aqua-600 [&_a]:underline [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-water-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-bold [&_li]:mb-1 [&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-4 [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: staff-written content from the database.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
