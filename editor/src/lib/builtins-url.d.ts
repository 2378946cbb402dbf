/** editor/vite.config.ts (builtinsAsset): the URL of the built-in documents as one JSON file. */
declare module 'virtual:phasebook-builtins' {
  const url: string;
  export default url;
}
