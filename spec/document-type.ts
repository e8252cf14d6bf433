/** The loose shape of an OpenAPI 3.1 document as plain JSON data. */
export type OpenApiDocument = { [key: string]: Json };

/** Any JSON value. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
