// The rich-text editor of articles and help pages: Tiptap (StarterKit with links, plus pictures). A
// toolbar of real buttons (keyboard reachable, pressed state announced); pictures are uploaded to the
// store and inserted by address. What it produces is HTML that the server sanitises before storing.
import { Image } from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  Undo2,
  Unlink,
} from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { CONTENT_IMAGE_MAX_BYTES } from "../../../../shared/admin/content.ts";
import { RICH_TEXT } from "../../catalog/rich-text.ts";

function ToolButton({
  label,
  pressed,
  onClick,
  disabled,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`flex size-9 items-center justify-center rounded text-water-900 hover:bg-surface disabled:opacity-40 ${
        pressed ? "bg-cyan-50 ring-1 ring-aqua-500" : ""
      }`}
    >
      {children}
    </button>
  );
}

export async function uploadContentImage(file: File): Promise<string> {
  if (file.size > CONTENT_IMAGE_MAX_BYTES) throw new Error("The picture is too large: at most 5 MB.");
  const response = await fetch(`/api/admin/content/images?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": file.type || "application/octet-stream", "idempotency-key": crypto.randomUUID() },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as { image?: { url: string }; error?: string };
  if (!response.ok || !body.image) throw new Error(body.error ?? "The picture could not be uploaded.");
  return body.image.url;
}

export function RichTextEditor({
  id,
  label,
  initialHtml,
  onChange,
  error,
}: {
  id: string;
  label: string;
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ["http", "https", "mailto", "tel"], defaultProtocol: "https" },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: initialHtml,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        class: `${RICH_TEXT} min-h-72 max-w-none px-4 py-3 focus:outline-none`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive("bold"),
            italic: current.isActive("italic"),
            h2: current.isActive("heading", { level: 2 }),
            h3: current.isActive("heading", { level: 3 }),
            bullet: current.isActive("bulletList"),
            ordered: current.isActive("orderedList"),
            quote: current.isActive("blockquote"),
            link: current.isActive("link"),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });

  function setLink() {
    if (!editor) return;
    const previous = editor.getAttributes("link").href as string | undefined;
    const href = window.prompt(
      "Link address (https://..., /page on the store, mailto: or tel:)",
      previous ?? "https://",
    );
    if (href === null) return;
    if (href.trim() === "") {
      editor.chain().focus().unsetLink().run();
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: href.trim() }).run();
  }

  async function insertImage(file: File) {
    if (!editor) return;
    setUploadError(null);
    setUploading(true);
    try {
      const url = await uploadContentImage(file);
      const alt = window.prompt("Describe the picture for people who cannot see it (alt text)", "") ?? "";
      editor.chain().focus().setImage({ src: url, alt }).run();
    } catch (failure) {
      setUploadError(failure instanceof Error ? failure.message : "The picture could not be uploaded.");
    } finally {
      setUploading(false);
    }
  }

  return (
    <div>
      <p id={`${id}-label`} className="mb-1 text-sm font-semibold text-ink">
        {label}
      </p>
      <div
        className={`rounded-md border bg-white ${error ? "border-sale" : "border-line"} focus-within:ring-3 focus-within:ring-aqua-500`}
      >
        <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-line p-1">
          <ToolButton label="Bold" pressed={state?.bold} onClick={() => editor?.chain().focus().toggleBold().run()}>
            <Bold aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton
            label="Italic"
            pressed={state?.italic}
            onClick={() => editor?.chain().focus().toggleItalic().run()}
          >
            <Italic aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton
            label="Heading"
            pressed={state?.h2}
            onClick={() => editor?.chain().focus().toggleHeading({ level: 2 }).run()}
          >
            <Heading2 aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton
            label="Subheading"
            pressed={state?.h3}
            onClick={() => editor?.chain().focus().toggleHeading({ level: 3 }).run()}
          >
            <Heading3 aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton
            label="Bulleted list"
            pressed={state?.bullet}
            onClick={() => editor?.chain().focus().toggleBulletList().run()}
          >
            <List aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton
            label="Numbered list"
            pressed={state?.ordered}
            onClick={() => editor?.chain().focus().toggleOrderedList().run()}
          >
            <ListOrdered aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton
            label="Quote"
            pressed={state?.quote}
            onClick={() => editor?.chain().focus().toggleBlockquote().run()}
          >
            <Quote aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton label="Divider" onClick={() => editor?.chain().focus().setHorizontalRule().run()}>
            <Minus aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton label="Link" pressed={state?.link} onClick={setLink}>
            <Link2 aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton
            label="Remove link"
            disabled={!state?.link}
            onClick={() => editor?.chain().focus().unsetLink().run()}
          >
            <Unlink aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton
            label={uploading ? "Uploading picture..." : "Insert picture"}
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton label="Undo" disabled={!state?.canUndo} onClick={() => editor?.chain().focus().undo().run()}>
            <Undo2 aria-hidden="true" size={18} />
          </ToolButton>
          <ToolButton label="Redo" disabled={!state?.canRedo} onClick={() => editor?.chain().focus().redo().run()}>
            <Redo2 aria-hidden="true" size={18} />
          </ToolButton>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            tabIndex={-1}
            aria-label="Picture to upload"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void insertImage(file);
            }}
          />
        </div>
        <EditorContent editor={editor} />
      </div>
      {uploadError ? <p className="mt-1 text-sm font-medium text-sale">{uploadError}</p> : null}
      {error ? <p className="mt-1 text-sm font-medium text-sale">{error}</p> : null}
    </div>
  );
}

/** The editor as the form's `bodyHtml` field (labelled "Text"), inside an AdminForm. */
export function BodyHtmlField({ id, initialHtml }: { id: string; initialHtml: string }) {
  const { control } = useFormContext<{ bodyHtml: string }>();
  return (
    <Controller
      control={control}
      name="bodyHtml"
      render={({ field, fieldState }) => (
        <RichTextEditor
          id={id}
          label="Text"
          initialHtml={initialHtml}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
