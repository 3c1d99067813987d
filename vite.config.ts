import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { target: "es2022" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger first-load files: on a phone every request costs a round trip, and a page
            // would otherwise preload some forty small modules (React and the router in several
            // pieces, one file per icon).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 20,
                },
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 10 },
              ],
            },
          },
        },
      },
    },
  },
  ssr: {
    // Server-only packages stay external in the server build.
    external: ["@electric-sql/pglite", "pg", "sharp"],
  },
});
