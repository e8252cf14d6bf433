/**
 * The answer side of the leniency catalogue (leniencies.ts): bodies labelled, shaped and
 * escaped as frameworks write them, and answers framed, compressed and carried as servers
 * and gateways send them, where the interface is silent.
 */
import type { LeniencyNote } from './leniency-note.ts';

/** Answer bodies and their labels. */
export const ANSWER_LENIENCIES = {
  'json-charset-utf-8': {
    does: 'answers are labelled application/json; charset=utf-8',
    who: "Express's res.json",
    source: 'https://expressjs.com/en/api.html#res.json',
  },
  'json-charset-UTF-8-unspaced': {
    does: 'answers are labelled application/json;charset=UTF-8',
    who: "Spring's MediaType.APPLICATION_JSON_UTF8_VALUE (Spring Boot 1 and 2 services)",
    source:
      'https://docs.spring.io/spring-framework/docs/current/javadoc-api/org/springframework/http/MediaType.html#APPLICATION_JSON_UTF8_VALUE',
  },
  'vendor-json-media-type': {
    does: 'answers are labelled application/vnd.petstore.v1+json (errors too)',
    who: "APIs versioned by media type (GitHub's application/vnd.github+json); RFC 6839 +json",
    source: 'https://www.rfc-editor.org/rfc/rfc6839#section-3.1',
  },
  'media-type-upper-case': {
    does: 'answers are labelled Application/JSON',
    who: 'RFC 9110 8.3.1 (type and subtype are case-insensitive); hand-set headers behind gateways',
    source: 'https://www.rfc-editor.org/rfc/rfc9110#section-8.3.1',
  },
  'pets-carry-extra-members': {
    does: 'every animal also carries createdAt, updatedAt and tags: []',
    who: "JPA entities with auditing fields written by Jackson; Rails' render json: (created_at, updated_at)",
    source: 'https://guides.rubyonrails.org/active_record_basics.html#naming-conventions',
  },
  'pets-carry-hal-links': {
    does: 'every animal also carries _links: {self: {href}}',
    who: "Spring HATEOAS (an EntityModel's _links)",
    source: 'https://docs.spring.io/spring-hateoas/docs/current/reference/html/#mediatypes.hal',
  },
  'errors-carry-extra-members': {
    does: 'every Error also carries timestamp, error, detail and traceId',
    who: "Spring Boot's DefaultErrorAttributes; ASP.NET Core ProblemDetails (traceId)",
    source:
      'https://docs.spring.io/spring-boot/docs/current/api/org/springframework/boot/web/servlet/error/DefaultErrorAttributes.html',
  },
  'answers-end-in-newline': {
    does: 'every JSON body ends with a line feed',
    who: "Go's json.Encoder.Encode (followed by a newline character)",
    source: 'https://pkg.go.dev/encoding/json#Encoder.Encode',
  },
  'answers-pretty-printed': {
    does: 'every JSON body is indented by two spaces, one member a line',
    who: "Express with app.set('json spaces', 2); Python's json.dumps(indent=2)",
    source: 'https://expressjs.com/en/api.html#app.settings.table',
  },
  'non-ascii-escaped': {
    does: 'every character outside ASCII is written as \\uXXXX (emoji as two surrogates)',
    who: "Python's json.dumps (ensure_ascii=True by default), Django's JsonResponse",
    source: 'https://docs.python.org/3/library/json.html#json.dumps',
  },
  'html-characters-escaped': {
    does: '<, > and & in strings are written \\u003c, \\u003e, \\u0026',
    who: "Go's encoding/json (HTML-safe escaping by default)",
    source: 'https://pkg.go.dev/encoding/json#Marshal',
  },
  'slashes-escaped': {
    does: '/ in strings is written \\/',
    who: "PHP's json_encode (without JSON_UNESCAPED_SLASHES)",
    source: 'https://www.php.net/manual/en/json.constants.php',
  },
} satisfies Record<string, LeniencyNote>;

/** How answers travel: framing, compression, connections, time and headers. */
export const TRANSPORT_LENIENCIES = {
  'list-streamed-item-by-item': {
    does: 'listPets writes its array one animal a chunk, a millisecond apart',
    who: 'Go handlers encoding row by row and flushing (http.Flusher); Node piping a database cursor through JSONStream',
    source: 'https://pkg.go.dev/net/http#Flusher',
  },
  'gzip-when-accepted': {
    does: 'bodies of 20 bytes and more are gzipped when Accept-Encoding allows gzip',
    who: 'nginx gzip (gzip_min_length 20); the compression middleware',
    source: 'https://nginx.org/en/docs/http/ngx_http_gzip_module.html#gzip_min_length',
  },
  'brotli-when-accepted': {
    does: 'bodies are compressed with brotli when Accept-Encoding allows br',
    who: 'Cloudflare and other CDNs; the compression middleware since 1.8',
    source: 'https://developers.cloudflare.com/speed/optimization/content/compression/',
  },
  'connection-close-every-answer': {
    does: 'every answer says Connection: close and the connection is closed',
    who: "gunicorn's sync workers (no persistent connections); PHP's built-in server",
    source: 'https://docs.gunicorn.org/en/stable/design.html#sync-workers',
  },
  'keep-alive-ends-after-100': {
    does: 'a connection is closed after 100 requests (Connection: close on the 100th)',
    who: "nginx keepalive_requests (100 before 1.19.10); Node's server.maxRequestsPerSocket",
    source: 'https://nginx.org/en/docs/http/ngx_http_core_module.html#keepalive_requests',
  },
  'slow-first-answer': {
    does: 'the first request is answered after 3 s (a cold start), the rest at once',
    who: 'AWS Lambda and Cloud Run cold starts; JIT warm-up',
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/lambda-runtime-environment.html',
  },
  'security-and-framework-headers': {
    does: "answers carry helmet's headers (HSTS, CSP, X-Frame-Options…), Server, X-Request-Id, Cache-Control and Vary",
    who: 'Express with helmet() behind nginx (Server) and a request-id middleware',
    source: 'https://helmetjs.github.io/',
  },
  'etag-and-304': {
    does: 'GET answers carry a weak ETag, and a matching If-None-Match gets 304',
    who: 'Express (etag on by default, res.send answers 304 when fresh)',
    source: 'https://expressjs.com/en/api.html#etag.options.table',
  },
  'sticky-session-cookie': {
    does: 'every answer sets a load balancer cookie (AWSALB)',
    who: 'AWS Application Load Balancer stickiness',
    source:
      'https://docs.aws.amazon.com/elasticloadbalancing/latest/application/sticky-sessions.html',
  },
} satisfies Record<string, LeniencyNote>;
