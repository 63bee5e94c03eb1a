// ESLint for the page's JS and CSS, with Prettier for their layout. ESLint rather than Biome:
// it measures what our rules are stated in (cyclomatic complexity, lines per function, line
// length), and @eslint/css lints the style sheets with the same tool.
import css from "@eslint/css";
import js from "@eslint/js";
import globals from "globals";

const PAGE = "src/yahtzee/server/static";

export default [
  { ignores: ["node_modules/", ".venv/", "build/", "dist/", "screenshots/"] },
  {
    files: [`${PAGE}/js/**/*.js`, `${PAGE}/sw.js`, "tests/js/**/*.js", "eslint.config.js"],
    ...js.configs.recommended,
  },
  {
    files: [`${PAGE}/js/**/*.js`, `${PAGE}/sw.js`, "tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    rules: {
      complexity: ["error", 12],
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
      "max-len": ["error", { code: 120, ignoreUrls: true }],
      "max-depth": ["error", 4],
      "max-params": ["error", 5],
      "max-nested-callbacks": ["error", 3],
      "no-dupe-class-members": "error",
      "no-shadow": "error",
      "no-var": "error",
      "prefer-const": "error",
      eqeqeq: ["error", "always"],
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
    },
  },
  { files: [`${PAGE}/js/**/*.js`], languageOptions: { globals: globals.browser } },
  { files: [`${PAGE}/sw.js`], languageOptions: { sourceType: "script", globals: globals.serviceworker } },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { globals: globals.node },
    rules: { "max-lines-per-function": "off", "max-nested-callbacks": "off" },
  },
  {
    files: [`${PAGE}/css/**/*.css`],
    plugins: { css },
    language: "css/css",
    rules: {
      ...css.configs.recommended.rules,
      // The custom properties are declared once, in main.css; the other sheets use them.
      "css/no-invalid-properties": ["error", { allowUnknownVariables: true }],
      // Each of these comes with a fallback or only adds to a page that works without it.
      "css/use-baseline": [
        "error",
        {
          available: "widely",
          allowProperties: ["text-size-adjust", "clip", "overscroll-behavior", "paint-order"],
          allowSelectors: ["fullscreen", "marker"],
        },
      ],
    },
  },
];
