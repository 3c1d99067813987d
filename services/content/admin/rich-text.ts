// The HTML of articles and help pages as the editor (Tiptap) sends it, cleaned on the server before it
// is stored: only the elements and attributes the editor makes, links to the web, mail and phone,
// pictures from the store or an https:// address. Whatever else arrives (scripts, styles, event
// handlers, javascript: links, frames) is dropped.
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "hr",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the store's window to the other site.
    a: (tagName, attribs) => {
      const attributes = { ...attribs };
      if (attributes.target === "_blank") attributes.rel = "noopener noreferrer";
      else delete attributes.target;
      return { tagName, attribs: attributes };
    },
    // The editor's top heading is the page's title: h1 in the text becomes h2.
    h1: "h2",
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when the cleaned HTML has no text and no picture: an empty editor sends `<p></p>`. */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<(?!img)[^>]*>/g, "").trim() === "" && !/<img/i.test(html);
}
