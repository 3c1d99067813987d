// The description editor: Tiptap with the formatting a product description needs (headings, bold,
// italic, lists, links). It hands HTML to the form; the server sanitises it (product-description.ts).
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Redo2, Undo2 } from "lucide-react";
import { type ReactNode, useEffect } from "react";

const PROSE =
  "text-base leading-relaxed text-ink [&_a]:text-aqua-600 [&_a]:underline [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-water-900 [&_h3]:mt-3 [&_h3]:mb-2 [&_h3]:font-bold [&_li]:mb-1 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6";

export function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  readOnly,
  labelledBy,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  readOnly?: boolean;
  labelledBy: string;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: value,
    editable: !readOnly,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        class: `${PROSE} min-h-40 max-h-[28rem] overflow-y-auto rounded-b-md border border-t-0 border-line bg-white px-3 py-2 focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
    onBlur: () => onBlur?.(),
  });
  // A form reset (after a save) replaces the content.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? "" : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);

  const button = (label: string, icon: ReactNode, run: () => void, active = false) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={readOnly || !editor}
      onClick={run}
      className={`flex size-9 items-center justify-center rounded hover:bg-white disabled:opacity-40 ${active ? "bg-white text-aqua-600 shadow-sm" : "text-ink"}`}
    >
      {icon}
    </button>
  );
  const chain = () => editor?.chain().focus();
  return (
    <div>
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 rounded-t-md border border-line bg-surface p-1"
      >
        {button(
          "Heading",
          <Heading2 size={18} aria-hidden="true" />,
          () => chain()?.toggleHeading({ level: 2 }).run(),
          editor?.isActive("heading", { level: 2 }),
        )}
        {button(
          "Subheading",
          <Heading3 size={18} aria-hidden="true" />,
          () => chain()?.toggleHeading({ level: 3 }).run(),
          editor?.isActive("heading", { level: 3 }),
        )}
        {button(
          "Bold",
          <Bold size={18} aria-hidden="true" />,
          () => chain()?.toggleBold().run(),
          editor?.isActive("bold"),
        )}
        {button(
          "Italic",
          <Italic size={18} aria-hidden="true" />,
          () => chain()?.toggleItalic().run(),
          editor?.isActive("italic"),
        )}
        {button(
          "Bulleted list",
          <List size={18} aria-hidden="true" />,
          () => chain()?.toggleBulletList().run(),
          editor?.isActive("bulletList"),
        )}
        {button(
          "Numbered list",
          <ListOrdered size={18} aria-hidden="true" />,
          () => chain()?.toggleOrderedList().run(),
          editor?.isActive("orderedList"),
        )}
        {button(
          "Link",
          <Link2 size={18} aria-hidden="true" />,
          () => {
            const current = editor?.getAttributes("link").href as string | undefined;
            const href = window.prompt("Link address (https://...)", current ?? "https://");
            if (href === null) return;
            if (href === "") chain()?.unsetLink().run();
            else chain()?.extendMarkRange("link").setLink({ href }).run();
          },
          editor?.isActive("link"),
        )}
        {button("Undo", <Undo2 size={18} aria-hidden="true" />, () => chain()?.undo().run())}
        {button("Redo", <Redo2 size={18} aria-hidden="true" />, () => chain()?.redo().run())}
      </div>
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div
          className={`${PROSE} min-h-40 rounded-b-md border border-t-0 border-line bg-white px-3 py-2`}
          // Before the editor starts (server render), the description as it is.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the stored description was sanitised by the server.
          dangerouslySetInnerHTML={{ __html: value }}
        />
      )}
    </div>
  );
}
