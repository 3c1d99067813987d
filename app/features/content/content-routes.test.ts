import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { movedBlogPath } from "../../routes/blog-moved.tsx";
import { contentRoutes } from "./content-routes.ts";

function configWithBlog(blog: string): string {
  const config = JSON.parse(readFileSync("config/store.json", "utf8")) as { paths: Record<string, string> };
  config.paths = { ...config.paths, blog };
  const file = join(mkdtempSync(join(tmpdir(), "store-config-")), "store.json");
  writeFileSync(file, JSON.stringify(config));
  return file;
}

const pathsOf = (file: string) => contentRoutes(file).map((entry) => [entry.path, entry.file]);

describe("/blog when the blog lives elsewhere", () => {
  test("the route table keeps /blog and /blog/{handle}, moving to the configured blog", () => {
    const paths = pathsOf(configWithBlog("/news"));
    expect(paths).toContainEqual(["news", "routes/blog.tsx"]);
    expect(paths).toContainEqual(["news/:handle", "routes/blog-article.tsx"]);
    expect(paths).toContainEqual(["blog", "routes/blog-moved.tsx"]);
    expect(paths).toContainEqual(["blog/:handle", "routes/blog-moved.tsx"]);
  });

  test("with the blog at /blog there is nothing to move", () => {
    const paths = pathsOf(configWithBlog("/blog"));
    expect(paths).toContainEqual(["blog", "routes/blog.tsx"]);
    expect(paths.filter(([, file]) => file === "routes/blog-moved.tsx")).toEqual([]);
  });

  test("the addresses move to the same article and page of the configured blog", () => {
    expect(movedBlogPath("/news", undefined, "")).toBe("/news");
    expect(movedBlogPath("/news", undefined, "?page=2")).toBe("/news?page=2");
    expect(movedBlogPath("/news", "winterizing-your-spa", "")).toBe("/news/winterizing-your-spa");
    expect(movedBlogPath("/blog", "winterizing-your-spa", "")).toBeNull();
  });
});
