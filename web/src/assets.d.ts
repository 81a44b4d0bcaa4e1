/** An asset URL that Vite always emits as its own file (web/src/components/emojiImages.ts). */
declare module "*.svg?no-inline" {
  const url: string;
  export default url;
}
