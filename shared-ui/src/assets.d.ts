// Image imports resolve to their bundled URL. Every app imports shared-ui, whose entry references
// this file, so one declaration serves them all.
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
