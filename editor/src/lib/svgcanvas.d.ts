/** svgcanvas (a maintained fork of canvas2svg) ships no types: the part the Simulate panel uses. */
declare module 'svgcanvas' {
  export class Context {
    constructor(options: { width: number; height: number; ctx?: CanvasRenderingContext2D; document?: Document });
    /** The SVG document drawn so far; `fixNamedEntities` replaces named entities by numeric ones. */
    getSerializedSvg(fixNamedEntities?: boolean): string;
    getSvg(): SVGSVGElement;
  }
}
