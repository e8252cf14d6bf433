// Starts Swagger UI over this mock's OpenAPI document, authorised with the key the
// page carries, so "Try it out" works against the mock at once.
window.addEventListener('load', () => {
  const key = document.body.dataset.key ?? '';
  const ui = window.SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    tryItOutEnabled: true,
    onComplete: () => {
      if (key) ui.preauthorizeApiKey('bearerAuth', key);
    },
  });
});
