// Product and category descriptions arrive as HTML from the back office's rich-text editor (or an
// import) and are shown on storefront pages as they are: only what a product description needs gets
// through. No scripts, styles, event handlers, forms or frames; links only to http(s), mailto and tel,
// and those that leave the store open without handing it the opener.
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
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "blockquote",
    "code",
    "pre",
    "hr",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // h1 is the page's title: a heading inside the description is one level below it.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : withoutTarget(attribs),
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

function withoutTarget(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { target: _target, rel: _rel, ...rest } = attribs;
  return rest;
}

/** The description as the storefront may show it; blank (or only empty paragraphs) becomes null. */
export function sanitizeDescriptionHtml(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const text = clean.replace(/<p>(?:\s|&nbsp;|<br \/>|<br>)*<\/p>/g, "").trim();
  return text === "" ? null : clean;
}
