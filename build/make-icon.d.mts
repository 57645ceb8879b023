// Types of build/make-icon.mjs, for the packaging tests that check build/icon.png against it.
export declare const ICON_SIZE: number;
export declare function iconSvg(): string;
export declare function renderIconPixels(): Buffer;
export declare function encodePng(pixels: Uint8Array, width: number, height: number): Buffer;
