/**
 * The request side of the leniency catalogue (leniencies.ts): creation bodies, the
 * Authorization header, query parameters and petId read as common frameworks read them,
 * where the interface is silent.
 */
import type { LeniencyNote } from './leniency-note.ts';

/** Creation bodies read beyond `application/json`. */
export const BODY_LENIENCIES = {
  'body-label-ignored': {
    does: 'createPet parses the body as JSON whatever its Content-Type says (text/plain, a form label)',
    who: "Go handlers decoding r.Body with encoding/json (net/http never looks at the label); Flask's get_json(force=True)",
    source: 'https://flask.palletsprojects.com/en/stable/api/#flask.Request.get_json',
  },
  'form-bodies-read': {
    does: 'an application/x-www-form-urlencoded creation is read into fields, categoryId "2" as 2',
    who: "Django REST framework's default parsers (JSONParser, FormParser, MultiPartParser) and IntegerField",
    source: 'https://www.django-rest-framework.org/api-guide/parsers/#setting-the-parsers',
  },
  'no-content-type-read-as-json': {
    does: 'a creation body without a Content-Type is read as JSON',
    who: 'Amazon API Gateway (a request without Content-Type defaults to application/json)',
    source:
      'https://docs.aws.amazon.com/apigateway/latest/developerguide/integration-passthrough-behaviors.html',
  },
  'non-utf8-read-as-replacement': {
    does: 'bytes that are not UTF-8 in a creation body are decoded as U+FFFD and stored so',
    who: "Express's express.json() and Fastify's JSON parser (both decode a body with replacement characters), Node's Buffer toString('utf8'); RFC 8259, 9: a JSON parser may accept non-JSON forms",
    source: 'https://www.rfc-editor.org/rfc/rfc8259#section-9',
  },
  'other-charsets-415': {
    does: 'a creation labelled with a charset other than UTF-8 (charset=ISO-8859-1) gets 415',
    who: 'ASP.NET Core MVC (TextInputFormatter: a charset outside its SupportedEncodings is 415)',
    source: 'https://github.com/aspnet/Mvc/pull/4032',
  },
} satisfies Record<string, LeniencyNote>;

/** The Authorization header read as HTTP allows, and 401s worded otherwise. */
export const AUTH_LENIENCIES = {
  'bearer-scheme-any-case': {
    does: 'the scheme is matched in any case (bearer KEY, BEARER KEY)',
    who: 'RFC 9110 11.1 (the scheme is case-insensitive); ASP.NET Core JwtBearer, Spring Security',
    source: 'https://www.rfc-editor.org/rfc/rfc9110#section-11.1',
  },
  'bearer-several-spaces': {
    does: 'several spaces between Bearer and the key are accepted (Bearer   KEY)',
    who: "ASP.NET Core JwtBearer (the token after 'Bearer ' is trimmed); Go's strings.Fields",
    source:
      'https://github.com/dotnet/aspnetcore/blob/main/src/Security/Authentication/JwtBearer/src/JwtBearerHandler.cs',
  },
  'bearer-tab-after-scheme': {
    does: 'a tab between Bearer and the key is accepted (Bearer<TAB>KEY)',
    who: 'Go services splitting the header with strings.Fields; regexes written with \\s+',
    source: 'https://pkg.go.dev/strings#Fields',
  },
  'challenge-another-realm': {
    does: '401s carry WWW-Authenticate: Bearer realm="api", error="invalid_token", error_description',
    who: "Spring Security's BearerTokenAuthenticationEntryPoint (RFC 6750 3)",
    source:
      'https://docs.spring.io/spring-security/reference/servlet/oauth2/resource-server/jwt.html',
  },
  'unknown-routes-404-without-key': {
    does: 'a path outside the operations gets 404 before any key is checked',
    who: 'Express apps whose auth middleware is mounted on the pets router only',
    source: 'https://expressjs.com/en/guide/using-middleware.html#middleware.router',
  },
} satisfies Record<string, LeniencyNote>;

/** Query parameters read as frameworks read them. */
export const QUERY_LENIENCIES = {
  'repeated-query-last-wins': {
    does: 'a repeated parameter is read by its last value (limit=5&limit=10 is 10)',
    who: "Starlette and FastAPI (QueryParams keeps the last value of a key); PHP's $_GET",
    source: 'https://www.starlette.io/requests/#query-parameters',
  },
  'empty-parameters-as-absent': {
    does: 'limit= is read as the default 20 and status= as no filter',
    who: "Spring's @RequestParam(defaultValue) (used when the value is missing or empty)",
    source:
      'https://docs.spring.io/spring-framework/docs/current/javadoc-api/org/springframework/web/bind/annotation/RequestParam.html#defaultValue()',
  },
  'limit-read-by-parseInt': {
    does: 'limit is read with parseInt (5abc is 5, 1.5 is 1), the default 20 when it gives NaN',
    who: 'Express handlers writing parseInt(req.query.limit, 10)',
    source:
      'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/parseInt',
  },
  'query-names-any-case': {
    does: '?LIMIT=5&Status=sold is read as limit and status',
    who: 'ASP.NET Core (query keys are case-insensitive)',
    source: 'https://learn.microsoft.com/en-us/aspnet/core/mvc/models/model-binding',
  },
  'status-filter-any-case': {
    does: 'status=SOLD lists the sold animals',
    who: "MySQL's default collations (nonbinary string comparisons ignore case)",
    source: 'https://dev.mysql.com/doc/refman/8.0/en/case-sensitivity.html',
  },
} satisfies Record<string, LeniencyNote>;

/** A petId read by one language's usual integer parser. */
export const ID_READINGS = {
  'petId-read-by-Go-ParseInt': {
    does: 'petId read with strconv.ParseInt(s, 10, 64): +1 and 01 are 1; other text is 400',
    who: 'Go net/http services',
    source: 'https://pkg.go.dev/strconv#ParseInt',
  },
  'petId-read-by-Java-parseLong': {
    does: 'petId read with Long.parseLong: +1, 01 and Arabic-Indic ١٢ (12) are read; other text is 400',
    who: 'Java servlets and JAX-RS resources taking a long',
    source:
      'https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/lang/Long.html#parseLong(java.lang.String)',
  },
  'petId-read-by-Spring-conversion': {
    does: 'petId read as Spring converts it: whitespace removed, 0x10 and #10 as hex (16), else Long.valueOf',
    who: "Spring MVC's @PathVariable long (NumberUtils.parseNumber)",
    source:
      'https://docs.spring.io/spring-framework/docs/current/javadoc-api/org/springframework/util/NumberUtils.html',
  },
  'petId-read-by-Ruby-Integer': {
    does: 'petId read with Integer(): whitespace around, 0x10 (16), 010 (8), 0b1, 1_0 (10)',
    who: 'Ruby services (Sinatra, Rails) calling Integer(params[:petId])',
    source: 'https://docs.ruby-lang.org/en/3.3/Kernel.html#method-i-Integer',
  },
  'petId-read-by-PHP-filter_var': {
    does: 'petId read with filter_var(FILTER_VALIDATE_INT): whitespace around and +1 are read; 01 and 0x10 are 400',
    who: 'PHP services validating with filter_var',
    source: 'https://www.php.net/manual/en/filter.filters.validate.php',
  },
} satisfies Record<string, LeniencyNote>;
