// Generated from spec/openapi.yaml by `npm run gen`. Do not edit by hand.
export interface paths {
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List animals
         * @description Returns a paginated list of animals, optionally filtered by availability status.
         */
        get: operations["listPets"];
        put?: never;
        /**
         * Add an animal
         * @description Adds an animal to the catalogue; the service assigns its `id`.
         */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an animal (deprecated)
         * @deprecated
         * @description Returns one animal by its identifier.
         *
         *     Deprecated: removal is announced for 5 December 2030. Use `GET /pets` with the
         *     `status` filter instead.
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Availability status of an animal.
         * @enum {string}
         */
        PetStatus: "available" | "pending" | "sold";
        /**
         * @description The response form of an animal; the creation form plus an identifier.
         * @example {
         *       "id": 1,
         *       "name": "Rex",
         *       "categoryId": 1,
         *       "status": "available"
         *     }
         */
        Pet: {
            /**
             * Format: int64
             * @description Assigned by the service on creation. Never sent by the client on creation. An int64, exact also above 2^53.
             */
            readonly id: number;
            name: components["schemas"]["PetName"];
            categoryId: components["schemas"]["CategoryId"];
            status?: components["schemas"]["PetStatus"];
        };
        /**
         * @description The animal creation payload; `id` is not part of it.
         * @example {
         *       "name": "Mittens",
         *       "categoryId": 2,
         *       "status": "pending"
         *     }
         */
        NewPet: {
            name: components["schemas"]["PetName"];
            categoryId: components["schemas"]["CategoryId"];
            status?: components["schemas"]["PetStatus"];
        };
        /** @description A JSON array of animals; a page holds at most `limit` (at most 100) of them. */
        Pets: components["schemas"]["Pet"][];
        /**
         * @description The animal's name.
         * @example Rex
         */
        PetName: string;
        /**
         * Format: int64
         * @description Identifier of the category the animal belongs to.
         * @example 1
         */
        CategoryId: number;
        /** @description The body of every error response. */
        Error: {
            /** @description Machine-readable error code. Any string: each server names its codes as it chooses (a profile declares them), so a client must not expect a closed set. */
            code: string;
            /** @description Human-readable description. */
            message: string;
            /**
             * Format: int32
             * @description The HTTP status code of the response.
             */
            status: number;
        };
    };
    responses: {
        /** @description The API key is missing or invalid. */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `limit` is not an integer from 1 to 100, `status` is not an allowed value, or `cursor` is unusable. */
        ListValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The path exists but not with this method. */
        MethodNotAllowed: {
            headers: {
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is over 64 KiB. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request's `Content-Type` is not JSON. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests (only when rate limiting is switched on). */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unexpected fault. Never carries a stack trace; the server keeps serving. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The service is unavailable or cannot take more data (the mock answers this when forced with `Prefer: code=503`, on createPet when its store holds `--max-pets` animals, and on createPet once the largest id is taken). */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description Maximum number of animals returned, from 1 to 100; 20 when absent.
         * @example 20
         */
        Limit: number;
        /**
         * @description Filters by availability status.
         * @example available
         */
        StatusFilter: components["schemas"]["PetStatus"];
        /** @description Opaque continuation marker; take it from the `Link` header's `rel="next"` URL, never build it. */
        Cursor: string;
        /**
         * @description Identifier of the animal.
         * @example 1
         */
        PetId: number;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Present when more results follow: `<ABSOLUTE-URL>; rel="next"`.
         * @example <https://api.petstore.example/v1/pets?limit=20&cursor=MjA>; rel="next"
         */
        NextLink: string;
        /**
         * @description Path of the created animal.
         * @example /v1/pets/31
         */
        Location: string;
        /**
         * @description RFC 9745 deprecation date, `@<unix-seconds>`.
         * @example @1795305600
         */
        Deprecation: string;
        /**
         * @description Removal date of this operation.
         * @example Thu, 05 Dec 2030 00:00:00 GMT
         */
        Sunset: "Thu, 05 Dec 2030 00:00:00 GMT";
        /**
         * @description `<…/v1/pets>; rel="successor-version"`.
         * @example <https://api.petstore.example/v1/pets>; rel="successor-version"
         */
        SuccessorLink: string;
        /**
         * @description `Bearer realm="petstore"`, plus `, error="invalid_token"` for a wrong key.
         * @example Bearer realm="petstore", error="invalid_token"
         */
        WwwAuthenticate: string;
        /**
         * @description Seconds to wait before retrying.
         * @example 1
         */
        RetryAfter: string;
        /**
         * @description The methods the path supports.
         * @example GET, POST
         */
        Allow: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPets: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of animals returned, from 1 to 100; 20 when absent.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Filters by availability status.
                 * @example available
                 */
                status?: components["parameters"]["StatusFilter"];
                /** @description Opaque continuation marker; take it from the `Link` header's `rel="next"` URL, never build it. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of animals. */
            200: {
                headers: {
                    Link: components["headers"]["NextLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pets"];
                };
            };
            400: components["responses"]["ListValidationFailed"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** @description The animal was added; the body is the stored animal with its assigned `id`. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The body is missing required fields or contains invalid values. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the animal.
                 * @example 1
                 */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The animal. */
            200: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["SuccessorLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description `petId` is not a positive int64. */
            400: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["SuccessorLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The animal could not be found. */
            404: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["SuccessorLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
