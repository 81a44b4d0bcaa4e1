// Lint: typescript-eslint's recommended rules with type information, each file typed by its layer's project.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".data/",
      "**/dist/",
      ".sst/",
      "cdk.out/",
      "coverage/",
      "core/games/togyz-wasm-bytes.ts",
      ".cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: {
        // The first project that holds a file types it (tests come before the layer they test).
        project: [
          "tsconfig.test.json",
          "core/tsconfig.json",
          "web/tsconfig.json",
          "functions/tsconfig.json",
          "scripts/tsconfig.json",
          "stacks/tsconfig.json",
          "tsconfig.json",
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      // A declaration's first value is often a fallback that a try block replaces.
      "no-useless-assignment": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  // Solid assigns \`let el!: HTMLElement\` through \`ref={el}\`, which this rule cannot see.
  { files: ["web/src/**/*.tsx"], rules: { "no-unassigned-vars": "off" } },
);
