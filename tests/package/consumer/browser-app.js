// A browser app's entry, bundled by esbuild for the browser: the worker mock from
// ./browser and the document from ./spec, with no Node built-in pulled in.
import { startWorker } from 'petstore-mock/browser';
import { openapiDocument } from 'petstore-mock/spec';

const { store } = await startWorker({ serviceWorkerUrl: '/mockServiceWorker.js' });
document.title = `${openapiDocument.info.title}: ${store.size} pets`;
