/** Whether a module holds no state of its own at top level (see stateless-module.mjs). */
export declare function isStatelessModule(source: string, file: string): boolean
