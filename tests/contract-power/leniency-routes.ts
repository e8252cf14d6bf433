/**
 * The leniencies of the catalogue (leniencies.ts) outside the three operations: paths and
 * methods a framework serves or answers on its own, and requests a firewall in front of the
 * service blocks, where the interface is silent.
 */
import type { LeniencyNote } from './leniency-note.ts';

/** Paths and methods served beyond the three operations. */
export const ROUTE_LENIENCIES = {
  'trailing-slash-tolerated': {
    does: '/v1/pets/ and /v1/pets/1/ are served like /v1/pets and /v1/pets/1',
    who: 'Express routers (strict routing is off by default); Spring MVC before 6',
    source: 'https://expressjs.com/en/api.html#express.router',
  },
  'trailing-slash-redirected': {
    does: '/v1/pets/ is answered 307 with Location /v1/pets (an empty body)',
    who: "Starlette and FastAPI (Router's redirect_slashes=True)",
    source: 'https://www.starlette.io/routing/',
  },
  'double-slashes-merged': {
    does: '/v1//pets is served like /v1/pets',
    who: 'nginx in front of the service (merge_slashes on by default)',
    source: 'https://nginx.org/en/docs/http/ngx_http_core_module.html#merge_slashes',
  },
  'path-percent-decoded': {
    does: '/v1/%70ets/%31 is routed as /v1/pets/1 (routing on the decoded path)',
    who: "Go net/http (ServeMux matches URL.Path, stored decoded); Starlette's scope path",
    source: 'https://pkg.go.dev/net/url#URL',
  },
  'paths-any-case': {
    does: '/V1/PETS is served like /v1/pets',
    who: 'ASP.NET Core routing (text matching is case-insensitive)',
    source: 'https://learn.microsoft.com/en-us/aspnet/core/fundamentals/routing',
  },
  'head-served-for-get': {
    does: 'HEAD on /v1/pets and /v1/pets/{petId} is answered as GET, without the body',
    who: 'Express (app.get also answers HEAD); Spring MVC; Werkzeug',
    source: 'https://expressjs.com/en/4x/api.html#app.get.method',
  },
  'options-answered-with-allow': {
    does: 'OPTIONS on a known path is answered 200 with Allow and no body, without a key',
    who: 'Spring MVC (built-in OPTIONS support); Express routers',
    source:
      'https://docs.spring.io/spring-framework/reference/web/webmvc/mvc-controller/ann-requestmapping.html#mvc-ann-requestmapping-head-options',
  },
  'cors-for-any-origin': {
    does: 'every answer carries Access-Control-Allow-Origin: *; preflights get 204 without a key',
    who: "the cors middleware's defaults (origin *, optionsSuccessStatus 204)",
    source: 'https://expressjs.com/en/resources/middleware/cors.html',
  },
  'other-methods-405-with-allow': {
    does: 'PUT, PATCH or DELETE on /v1/pets or /v1/pets/{petId} gets 405 with Allow and an Error',
    who: 'Spring MVC (HttpRequestMethodNotSupportedException), as RFC 9110 15.5.6 asks',
    source: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.6',
  },
  'unservable-accept-406': {
    does: 'a request whose Accept excludes JSON (Accept: text/html) gets 406 with an Error',
    who: 'Spring MVC and JAX-RS content negotiation (HttpMediaTypeNotAcceptableException)',
    source: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.7',
  },
} satisfies Record<string, LeniencyNote>;

/**
 * Requests a web application firewall in front of the service blocks, answered 403 with an
 * Error (a custom JSON response): the interface shows no size or content limits on a body and
 * leaves other error statuses open.
 */
export const GATEWAY_LENIENCIES = {
  'waf-blocks-bodies-over-8kb': {
    does: 'a request body over 8 KB (8,192 bytes) is blocked with 403 before the service sees it',
    who: "AWS WAF's Core rule set (AWSManagedRulesCommonRuleSet, rule SizeRestrictions_BODY)",
    source:
      'https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-baseline.html',
  },
  'waf-blocks-script-in-bodies': {
    does: 'a request body holding <script is blocked with 403 before the service sees it',
    who: "AWS WAF's Core rule set (CrossSiteScripting_BODY); Cloudflare's managed OWASP rules",
    source:
      'https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-baseline.html',
  },
  'waf-blocks-sql-in-bodies': {
    does: 'a request body holding SQL (a quote then ;, --, DROP TABLE, UNION SELECT) is blocked with 403',
    who: "AWS WAF's SQL database rule group (AWSManagedRulesSQLiRuleSet, SQLi_BODY)",
    source:
      'https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-use-case.html',
  },
} satisfies Record<string, LeniencyNote>;
