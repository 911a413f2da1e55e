/** Writes `.br` and `.gz` beside every script, stylesheet, SVG and JSON file of `folder`. */
export declare function precompress(folder: string): Promise<void>
