// Generated from spec/openapi.yaml by `npm run gen`. Do not edit by hand.
import type { OpenApiDocument } from './document-type.ts';

/** The parsed OpenAPI document, as data. */
export const openapiDocument: OpenApiDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Pet Store",
    "version": "1.0.0",
    "summary": "Catalogue of animals offered by a store.",
    "description": "The service keeps a catalogue of animals (pets) offered by a store. A client can\nlist animals, optionally filtered by availability status, add a new animal, and\nfetch one animal by its identifier. All requests and responses use JSON.\n\nEvery request needs `Authorization: Bearer <API_KEY>`. Ids are int64: read them\nexactly (a JSON number above 2^53 loses precision in a plain `JSON.parse`).\n\nElements marked `x-decision` are how this project fills the interface's gaps;\nthe interface itself leaves them open.\n",
    "contact": {
      "name": "Pet Store interface team",
      "url": "https://api.petstore.example/docs"
    },
    "license": {
      "name": "Apache 2.0",
      "identifier": "Apache-2.0"
    }
  },
  "servers": [
    {
      "url": "https://api.petstore.example/v1",
      "description": "Production (placeholder host; the real base address is not published in the interface).",
      "x-internal": false
    },
    {
      "url": "https://staging.api.petstore.example/v1",
      "description": "Staging (placeholder host), same path shapes as production.",
      "x-internal": true
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "x-rules": {
    "json": "Every request body and every response body is JSON (`application/json`).",
    "base-path": "The base address ends in the version segment `/v1`; every path is relative to it.",
    "served-at-path": "Each operation is answered at its own method and path, relative to the base address, with one of the statuses the interface lists for it; a redirect (3xx) to another address, a trailing slash added for instance, is none of them.",
    "transport": "Every request is answered with one whole HTTP response (the interface's statuses are HTTP's); the connection is not closed or reset before it, and the body is as long as its framing says and decodes as its `Content-Encoding` says."
  },
  "x-decision": [
    {
      "id": "auth-first",
      "adds": [],
      "rule": "Authentication is checked first on every `/v1` request, before validation, lookup and routing, so a 401 looks the same on every route.",
      "why": "An unauthenticated client learns nothing about routes or data."
    },
    {
      "id": "unknown-route-404",
      "adds": [],
      "rule": "An unknown path under `/v1`, including operations the interface does not show (`GET /store/orders`, updating or deleting an animal), is answered 404 `not_found`.",
      "why": "The interface shows three operations only; anything else is not there."
    },
    {
      "id": "sessions",
      "adds": [],
      "rule": "A request selects a session with `X-Mock-Session: ID` (1 to 64 characters of `A-Z a-z 0-9 . _ ~ -`); without it, the default session. A session starts on first use from the seed data and never shares animals, ids, resets, faults or rate-limit budgets with another; ids are never handed out twice within a session, resets included. A malformed id is 400 `invalid_session`; beyond the bound of live sessions (1,000 by default) a new session is 503 `session_limit`; a session unused for 30 minutes ends. The `/__mock/` controls act on the selected session; `GET /__mock/sessions` lists them and `DELETE /__mock/sessions/ID` ends one.",
      "why": "Parallel tests against one mock must not see each other's data."
    },
    {
      "id": "faults",
      "adds": [],
      "rule": "`POST /__mock/faults` queues a fault for the selected session: `operation` (`listPets`, `createPet`, `getPet` or `*`), `times` (default 1) and one of `status` (4xx or 5xx, answered with an `Error`, code `injected_fault` where no other code names the status), `network: reset` (the connection drops with no response) or `delayMs` (at most 60,000). The next `times` matching requests take it, in queue order, after authentication; a faulted request changes no data. `GET` lists and `DELETE` clears the pending faults; a reset clears them too; an invalid fault is 400 naming the field.",
      "why": "A frontend's error paths are tested per test, statefully, without a second mock."
    },
    {
      "id": "cors",
      "adds": [],
      "rule": "Every `/v1` response echoes the request's `Origin` in `Access-Control-Allow-Origin` and exposes every response header this document defines (`Link, WWW-Authenticate, Allow, Retry-After, Location, Deprecation, Sunset`); a preflight `OPTIONS` is answered 204 without a key, allowing `GET, POST` and the headers it asks for.",
      "why": "Frontends served from another origin call the API and read its headers."
    }
  ],
  "tags": [
    {
      "name": "pets",
      "description": "The animal resource."
    }
  ],
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPets",
        "tags": [
          "pets"
        ],
        "summary": "List animals",
        "description": "Returns a paginated list of animals, optionally filtered by availability status.",
        "x-rules": {
          "list-responses": "listPets answers 200 with a JSON array of animals, or 401 with an `Error` without a valid key."
        },
        "x-decision": [
          {
            "id": "list-order",
            "adds": [],
            "rule": "Animals are listed in ascending `id` order, which is creation order.",
            "why": "A stable order lets pages continue without gaps or repeats."
          },
          {
            "id": "unknown-query-ignored",
            "adds": [],
            "rule": "Unknown query parameters are ignored.",
            "why": "Clients may add tracing or cache-busting parameters."
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/StatusFilter"
          },
          {
            "$ref": "#/components/parameters/Cursor"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of animals.",
            "headers": {
              "Link": {
                "$ref": "#/components/headers/NextLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pets"
                },
                "examples": {
                  "firstPage": {
                    "summary": "Two available animals",
                    "value": [
                      {
                        "id": 1,
                        "name": "Rex",
                        "categoryId": 1,
                        "status": "available"
                      },
                      {
                        "id": 4,
                        "name": "Mittens",
                        "categoryId": 2,
                        "status": "available"
                      }
                    ]
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/ListValidationFailed"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "post": {
        "operationId": "createPet",
        "tags": [
          "pets"
        ],
        "summary": "Add an animal",
        "description": "Adds an animal to the catalogue; the service assigns its `id`.",
        "x-rules": {
          "create-responses": "createPet answers 201 with the stored animal including its assigned `id`, 400 with an `Error` for an invalid body, 401 with an `Error` without a valid key."
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewPet"
              },
              "examples": {
                "withStatus": {
                  "summary": "A pending cat",
                  "value": {
                    "name": "Mittens",
                    "categoryId": 2,
                    "status": "pending"
                  }
                },
                "withoutStatus": {
                  "summary": "Status left to the service",
                  "value": {
                    "name": "Rex",
                    "categoryId": 1
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The animal was added; the body is the stored animal with its assigned `id`.",
            "x-rules": {
              "created-echoes": "The created animal carries the `name`, `categoryId` and `status` that were sent, unchanged, plus its new `id`; it is stored and can be read back."
            },
            "headers": {
              "Location": {
                "$ref": "#/components/headers/Location"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                },
                "examples": {
                  "created": {
                    "summary": "The stored animal",
                    "value": {
                      "id": 31,
                      "name": "Mittens",
                      "categoryId": 2,
                      "status": "pending"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "description": "The body is missing required fields or contains invalid values.",
            "x-rules": {
              "create-400": "A body missing `name` or `categoryId`, or holding a value of the wrong type or outside `PetStatus`, or that is not JSON, is answered 400 with an `Error` and stores nothing."
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "missingName": {
                    "summary": "A required field is missing",
                    "value": {
                      "code": "validation_failed",
                      "message": "name is required",
                      "status": 400
                    }
                  },
                  "malformedJson": {
                    "summary": "The body is not JSON",
                    "value": {
                      "code": "malformed_json",
                      "message": "request body is not valid JSON: Unexpected end of JSON input",
                      "status": 400
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/pets/{petId}": {
      "get": {
        "operationId": "getPet",
        "tags": [
          "pets"
        ],
        "summary": "Get an animal (deprecated)",
        "description": "Returns one animal by its identifier.\n\nDeprecated: removal is announced for 5 December 2030. Use `GET /pets` with the\n`status` filter instead.\n",
        "deprecated": true,
        "x-sunset": "2030-12-05",
        "x-replaced-by": "listPets",
        "x-deprecated-since": "2026-11-22",
        "x-rules": {
          "get-responses": "getPet answers 200 with the animal, 401 with an `Error` without a valid key, 404 with an `Error` when no animal has the id.",
          "get-deprecated": "getPet is deprecated; its removal is announced for 5 December 2030, and `GET /pets` with the `status` filter replaces it."
        },
        "x-decision": {
          "id": "deprecation-date",
          "adds": [
            "x-deprecated-since"
          ],
          "why": "The interface gives no deprecation date; this is the date the spec first recorded the deprecation, sent in the Deprecation header."
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/PetId"
          }
        ],
        "responses": {
          "200": {
            "description": "The animal.",
            "x-rules": {
              "get-found": "getPet returns the stored animal with that id, exactly as it was created."
            },
            "headers": {
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Link": {
                "$ref": "#/components/headers/SuccessorLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                },
                "examples": {
                  "found": {
                    "summary": "An animal",
                    "value": {
                      "id": 1,
                      "name": "Rex",
                      "categoryId": 1,
                      "status": "available"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "description": "`petId` is not a positive int64.",
            "x-decision": {
              "id": "get-400",
              "why": "The interface does not say what a malformed id gives; a malformed id is a client error, distinct from an absent animal."
            },
            "headers": {
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Link": {
                "$ref": "#/components/headers/SuccessorLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "badId": {
                    "summary": "Not an integer",
                    "value": {
                      "code": "validation_failed",
                      "message": "petId must be a positive integer, got \"abc\"",
                      "status": 400
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "description": "The animal could not be found.",
            "x-rules": {
              "get-404": "An id that no animal has is answered 404 with an `Error`."
            },
            "headers": {
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Link": {
                "$ref": "#/components/headers/SuccessorLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "absent": {
                    "summary": "No animal with this id",
                    "value": {
                      "code": "not_found",
                      "message": "no pet with id 999999",
                      "status": 404
                    }
                  }
                }
              }
            }
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "Send `Authorization: Bearer <API_KEY>` on every request. How keys are issued is not part of the interface.",
        "x-rules": {
          "auth-required": "Every operation requires the header `Authorization: Bearer <API_KEY>`.",
          "auth-401": "A request without a valid key (no header, another scheme, an empty, wrong or altered key), in whatever form the server serves it, is answered 401 with an `Error`, and changes nothing (a creation refused so stores nothing)."
        },
        "x-decision": {
          "id": "scheme-case",
          "adds": [],
          "rule": "The scheme name `Bearer` is matched case-insensitively; any other scheme, a bare key or an empty token counts as a missing key.",
          "why": "RFC 9110 makes authentication scheme names case-insensitive."
        }
      }
    },
    "parameters": {
      "Limit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Maximum number of animals returned, from 1 to 100; 20 when absent.",
        "x-rules": {
          "limit-max": "A page holds at most `limit` animals; `limit` goes from 1 to 100.",
          "limit-default": "Without `limit`, a page holds at most 20 animals."
        },
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        },
        "example": 20
      },
      "StatusFilter": {
        "name": "status",
        "in": "query",
        "required": false,
        "description": "Filters by availability status.",
        "x-rules": {
          "status-filter": "With `status`, only animals of that status are returned, and a list read to its end (its pages followed until none is offered) holds every animal of that status."
        },
        "schema": {
          "$ref": "#/components/schemas/PetStatus"
        },
        "example": "available"
      },
      "Cursor": {
        "name": "cursor",
        "in": "query",
        "required": false,
        "x-decision": {
          "id": "pagination-cursor",
          "why": "The interface does not show a pagination mechanism; an opaque cursor taken from the `Link` rel=\"next\" URL keeps the body a plain array."
        },
        "description": "Opaque continuation marker; take it from the `Link` header's `rel=\"next\"` URL, never build it.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "pattern": "^[A-Za-z0-9_-]+$"
        }
      },
      "PetId": {
        "name": "petId",
        "in": "path",
        "required": true,
        "description": "Identifier of the animal.",
        "schema": {
          "type": "integer",
          "format": "int64",
          "minimum": 1,
          "x-decision": {
            "id": "pet-id-positive",
            "adds": [
              "minimum"
            ],
            "why": "Ids are assigned as positive integers, so a zero or negative id is a malformed id."
          }
        },
        "example": 1
      }
    },
    "headers": {
      "NextLink": {
        "x-decision": {
          "id": "pagination-link",
          "why": "The interface does not show a pagination mechanism; RFC 8288 `Link` with rel=\"next\" (absolute URL, repeating `limit` and `status`, adding `cursor`), absent on the last page."
        },
        "description": "Present when more results follow: `<ABSOLUTE-URL>; rel=\"next\"`.",
        "schema": {
          "type": "string",
          "maxLength": 2048,
          "pattern": "^<[^>]+>; *rel=\"next\"$"
        },
        "example": "<https://api.petstore.example/v1/pets?limit=20&cursor=MjA>; rel=\"next\""
      },
      "Location": {
        "x-decision": {
          "id": "location",
          "why": "A careful API names the created resource (RFC 9110 201 Created)."
        },
        "required": true,
        "description": "Path of the created animal.",
        "schema": {
          "type": "string",
          "format": "uri-reference",
          "maxLength": 2048
        },
        "example": "/v1/pets/31"
      },
      "Deprecation": {
        "x-decision": {
          "id": "deprecation-header",
          "why": "RFC 9745 announces the deprecation the interface states, dated by the spec's x-deprecated-since."
        },
        "required": true,
        "description": "RFC 9745 deprecation date, `@<unix-seconds>`.",
        "schema": {
          "type": "string",
          "maxLength": 21,
          "pattern": "^@[0-9]+$"
        },
        "example": "@1795305600"
      },
      "Sunset": {
        "x-decision": {
          "id": "sunset-header",
          "why": "RFC 8594 announces the removal date the interface states (5 December 2030)."
        },
        "required": true,
        "description": "Removal date of this operation.",
        "schema": {
          "type": "string",
          "const": "Thu, 05 Dec 2030 00:00:00 GMT"
        },
        "example": "Thu, 05 Dec 2030 00:00:00 GMT"
      },
      "SuccessorLink": {
        "x-decision": {
          "id": "successor-link",
          "why": "RFC 8594 points at the replacement the interface names (`GET /pets`)."
        },
        "required": true,
        "description": "`<…/v1/pets>; rel=\"successor-version\"`.",
        "schema": {
          "type": "string",
          "maxLength": 2048,
          "pattern": "^<[^>]*/v1/pets>; *rel=\"successor-version\"$"
        },
        "example": "<https://api.petstore.example/v1/pets>; rel=\"successor-version\""
      },
      "WwwAuthenticate": {
        "x-decision": {
          "id": "www-authenticate",
          "why": "RFC 6750 challenge, with error=\"invalid_token\" when a key was sent but is wrong."
        },
        "required": true,
        "description": "`Bearer realm=\"petstore\"`, plus `, error=\"invalid_token\"` for a wrong key.",
        "schema": {
          "type": "string",
          "maxLength": 64,
          "pattern": "^Bearer realm=\"petstore\"(, error=\"invalid_token\")?$"
        },
        "example": "Bearer realm=\"petstore\", error=\"invalid_token\""
      },
      "RetryAfter": {
        "x-decision": {
          "id": "retry-after",
          "why": "RFC 9110 Retry-After tells a throttled or unavailable client when to come back."
        },
        "required": true,
        "description": "Seconds to wait before retrying.",
        "schema": {
          "type": "string",
          "maxLength": 10,
          "pattern": "^[0-9]+$"
        },
        "example": "1"
      },
      "Allow": {
        "x-decision": {
          "id": "allow-header",
          "why": "RFC 9110 requires Allow on 405."
        },
        "required": true,
        "description": "The methods the path supports.",
        "schema": {
          "type": "string",
          "maxLength": 64,
          "pattern": "^[A-Z]+(, [A-Z]+)*$"
        },
        "example": "GET, POST"
      }
    },
    "responses": {
      "Unauthorized": {
        "description": "The API key is missing or invalid.",
        "headers": {
          "WWW-Authenticate": {
            "$ref": "#/components/headers/WwwAuthenticate"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "missingKey": {
                "summary": "No key sent",
                "value": {
                  "code": "unauthorized",
                  "message": "missing API key: send Authorization: Bearer <API_KEY>",
                  "status": 401
                }
              }
            }
          }
        }
      },
      "ListValidationFailed": {
        "description": "`limit` is not an integer from 1 to 100, `status` is not an allowed value, or `cursor` is unusable.",
        "x-decision": {
          "id": "list-400",
          "why": "The interface leaves out-of-range `limit` and unknown `status` open; rejecting them shows client bugs early."
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "badLimit": {
                "summary": "Limit out of range",
                "value": {
                  "code": "validation_failed",
                  "message": "limit must be an integer from 1 to 100, got \"0\"",
                  "status": 400
                }
              }
            }
          }
        }
      },
      "MethodNotAllowed": {
        "description": "The path exists but not with this method.",
        "x-decision": {
          "id": "method-not-allowed",
          "why": "RFC 9110 405 with `Allow`, so a client with the wrong method learns the right one."
        },
        "headers": {
          "Allow": {
            "$ref": "#/components/headers/Allow"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "wrongMethod": {
                "summary": "DELETE on /pets",
                "value": {
                  "code": "method_not_allowed",
                  "message": "DELETE is not allowed on /v1/pets; use GET, POST",
                  "status": 405
                }
              }
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "The request body is over 64 KiB.",
        "x-decision": {
          "id": "payload-too-large",
          "why": "The interface shows no request size limit; 64 KiB is far above any valid animal."
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "tooLarge": {
                "summary": "Body over 64 KiB",
                "value": {
                  "code": "payload_too_large",
                  "message": "request body must be at most 65536 bytes",
                  "status": 413
                }
              }
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "The request's `Content-Type` is not JSON.",
        "x-decision": {
          "id": "unsupported-media-type",
          "why": "The interface gives the body as `application/json` but does not say what a server does with a valid body under another label (a server may read it); refusing it explicitly shows a client's wrong label early."
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "notJson": {
                "summary": "A form post",
                "value": {
                  "code": "unsupported_media_type",
                  "message": "Content-Type must be application/json, got \"text/plain\"",
                  "status": 415
                }
              }
            }
          }
        }
      },
      "RateLimited": {
        "description": "Too many requests (only when rate limiting is switched on).",
        "x-decision": {
          "id": "rate-limited",
          "why": "The interface shows no rate limit; when one is switched on, 429 with `Retry-After` (RFC 6585)."
        },
        "headers": {
          "Retry-After": {
            "$ref": "#/components/headers/RetryAfter"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "throttled": {
                "summary": "Over the limit",
                "value": {
                  "code": "rate_limited",
                  "message": "rate limit of 100 requests per second exceeded; retry after 1 s",
                  "status": 429
                }
              }
            }
          }
        }
      },
      "InternalError": {
        "description": "An unexpected fault. Never carries a stack trace; the server keeps serving.",
        "x-decision": {
          "id": "internal-error",
          "why": "The interface shows no server-fault status; 500 with the `Error` object."
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "fault": {
                "summary": "A fault",
                "value": {
                  "code": "internal_error",
                  "message": "an unexpected error occurred",
                  "status": 500
                }
              }
            }
          }
        }
      },
      "ServiceUnavailable": {
        "description": "The service is unavailable or cannot take more data (the mock answers this when forced with `Prefer: code=503`, on createPet when its store holds `--max-pets` animals, and on createPet once the largest id is taken).",
        "x-decision": [
          {
            "id": "service-unavailable",
            "why": "The interface shows no unavailability status; 503 with `Retry-After` (RFC 9110)."
          },
          {
            "id": "ids-exhausted",
            "adds": [],
            "rule": "Once a session has handed out or holds the id 2^63-1, createPet answers 503 `ids_exhausted`, saying that no id is left and ids are never reused within a session; it stores nothing.",
            "why": "Ids are never reused, so a session whose largest id is taken cannot create; a full store (`--max-pets`) is another cause with another remedy."
          }
        ],
        "headers": {
          "Retry-After": {
            "$ref": "#/components/headers/RetryAfter"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "unavailable": {
                "summary": "Down for maintenance",
                "value": {
                  "code": "service_unavailable",
                  "message": "service unavailable; retry after 1 s",
                  "status": 503
                }
              }
            }
          }
        }
      }
    },
    "schemas": {
      "PetStatus": {
        "type": "string",
        "description": "Availability status of an animal.",
        "enum": [
          "available",
          "pending",
          "sold"
        ],
        "x-rules": {
          "pet-status": "An animal's `status` is one of `available`, `pending`, `sold`."
        }
      },
      "Pet": {
        "type": "object",
        "description": "The response form of an animal; the creation form plus an identifier.",
        "required": [
          "id",
          "name",
          "categoryId"
        ],
        "x-rules": {
          "pet-shape": "An animal in a response is the creation payload plus its `id`."
        },
        "properties": {
          "id": {
            "type": "integer",
            "format": "int64",
            "description": "Assigned by the service on creation. Never sent by the client on creation. An int64, exact also above 2^53.",
            "readOnly": true,
            "minimum": 1,
            "x-rules": {
              "id-assigned": "The service assigns `id` on creation; a client never sets it.",
              "id-int64": "`id` is an int64 integer and comes back exactly, also above 2^53."
            },
            "x-decision": {
              "id": "ids-increasing",
              "adds": [
                "minimum"
              ],
              "rule": "Ids are positive integers assigned in increasing order and never reused.",
              "why": "Increasing ids give a stable creation order and never point at another animal."
            }
          },
          "name": {
            "$ref": "#/components/schemas/PetName"
          },
          "categoryId": {
            "$ref": "#/components/schemas/CategoryId"
          },
          "status": {
            "$ref": "#/components/schemas/PetStatus"
          }
        },
        "example": {
          "id": 1,
          "name": "Rex",
          "categoryId": 1,
          "status": "available"
        }
      },
      "NewPet": {
        "type": "object",
        "description": "The animal creation payload; `id` is not part of it.",
        "required": [
          "name",
          "categoryId"
        ],
        "x-rules": {
          "new-pet-fields": "The creation payload holds `name` and `categoryId` (both required) and `status` (optional); `id` is not part of it."
        },
        "properties": {
          "name": {
            "$ref": "#/components/schemas/PetName"
          },
          "categoryId": {
            "$ref": "#/components/schemas/CategoryId"
          },
          "status": {
            "$ref": "#/components/schemas/PetStatus",
            "x-decision": {
              "id": "default-status",
              "adds": [],
              "rule": "An animal created without `status` is stored and returned with `status: available`.",
              "why": "The interface does not show the default of `status`; a new animal is for sale. (Not a `default` keyword, which some generators turn into a required field.)"
            }
          }
        },
        "additionalProperties": false,
        "x-decision": {
          "id": "strict-payload",
          "adds": [
            "additionalProperties"
          ],
          "rule": "Any property but `name`, `categoryId` and `status` (an `id`, a misspelt `stauts`) is rejected with 400 `validation_failed` naming it.",
          "why": "A misspelt field fails in development, not in production."
        },
        "example": {
          "name": "Mittens",
          "categoryId": 2,
          "status": "pending"
        }
      },
      "Pets": {
        "type": "array",
        "description": "A JSON array of animals; a page holds at most `limit` (at most 100) of them.",
        "maxItems": 100,
        "x-rules": {
          "page-size-max": "A page never holds more than 100 animals."
        },
        "items": {
          "$ref": "#/components/schemas/Pet"
        }
      },
      "PetName": {
        "type": "string",
        "description": "The animal's name.",
        "minLength": 1,
        "maxLength": 255,
        "pattern": "\\S",
        "x-decision": {
          "id": "name-limits",
          "adds": [
            "minLength",
            "maxLength",
            "pattern"
          ],
          "rule": "A name has 1 to 255 characters, at least one of them not whitespace, and is stored exactly as sent (no trimming, no case change).",
          "why": "The interface shows no limits on `name`; these keep names displayable and bounded."
        },
        "example": "Rex"
      },
      "CategoryId": {
        "type": "integer",
        "format": "int64",
        "description": "Identifier of the category the animal belongs to.",
        "minimum": 1,
        "x-decision": {
          "id": "category-range",
          "adds": [
            "minimum"
          ],
          "rule": "`categoryId` is a JSON integer from 1 to 2^63-1; there is no category list, so every id in that range is accepted.",
          "why": "The interface shows no category list; positive ids are the only constraint a client can know."
        },
        "example": 1
      },
      "Error": {
        "type": "object",
        "description": "The body of every error response.",
        "required": [
          "code",
          "message",
          "status"
        ],
        "x-rules": {
          "error-shape": "Every error response carries an `Error` (`code`, `message`, `status`, all required) as JSON."
        },
        "properties": {
          "code": {
            "type": "string",
            "description": "Machine-readable error code. Any string: each server names its codes as it chooses (a profile declares them), so a client must not expect a closed set.",
            "x-error-codes": {
              "validation_failed": "400: a parameter or body field is missing or invalid; the message names it and the rule",
              "malformed_json": "400: the body is not parseable JSON",
              "invalid_request": "400: a Prefer the mock cannot answer (an unknown code or example)",
              "invalid_session": "400: a malformed X-Mock-Session id",
              "unauthorized": "401: the API key is missing or invalid",
              "origin_not_allowed": "403: a control change refused (another site's page, or a request a form could send)",
              "host_not_allowed": "403: a Host that is not loopback, an IP address or an allowed host",
              "not_found": "404: no such pet, or no such route under /v1",
              "method_not_allowed": "405: a known path, another method; Allow lists the methods",
              "payload_too_large": "413: a body over 64 KiB",
              "unsupported_media_type": "415: a createPet body whose Content-Type is not JSON",
              "rate_limited": "429: beyond the opt-in rate limit; Retry-After set",
              "internal_error": "500: an unexpected fault",
              "service_unavailable": "503: forced, a full store, or the mock stopping; Retry-After set",
              "session_limit": "503: one session more than --max-sessions",
              "ids_exhausted": "503: the session's largest id is taken",
              "backend_unreachable": "502: proxy mode only: the backend gave no answer, or one over the size bound; the message names the backend and the cause",
              "backend_timeout": "504: proxy mode only: the backend took longer than --proxy-timeout",
              "injected_fault": "any 4xx or 5xx a queued fault answers that has no code of its own"
            },
            "x-decision": {
              "id": "error-codes",
              "adds": [
                "x-error-codes"
              ],
              "rule": "At strict level every `Error.code` is one of `x-error-codes`, lower snake case, one per kind of failure; the schema keeps `code` a plain string, so clients generated from it read any backend's codes.",
              "why": "The interface does not list the codes; a closed set in the schema would make clients generated from it refuse a backend's own codes."
            }
          },
          "message": {
            "type": "string",
            "description": "Human-readable description.",
            "x-decision": {
              "id": "messages-name-the-field",
              "adds": [],
              "rule": "A 400 `validation_failed` message names the field or parameter at fault and the rule it breaks.",
              "why": "A developer can fix the request without guessing."
            }
          },
          "status": {
            "type": "integer",
            "description": "The HTTP status code of the response.",
            "format": "int32",
            "minimum": 100,
            "maximum": 599,
            "x-rules": {
              "error-status": "`status` equals the HTTP status code of the response."
            }
          }
        }
      }
    }
  }
};
