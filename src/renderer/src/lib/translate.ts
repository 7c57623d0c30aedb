// The i18n `t` as the renderer's pure text modules take it: keys built from codes, options with
// counts and contexts (the components' typed `t` is cast to it where they hand it over).
export type Translate = (key: string, options?: Record<string, unknown>) => string;
