declare module '*.css' {
  const source: string;
  export default source;
}
