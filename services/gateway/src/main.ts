import 'reflect-metadata';
import { loadGatewayConfig } from './config.js';
import { createGatewayApp } from './gateway-app.js';

const config = loadGatewayConfig();
const app = await createGatewayApp(config);
await app.listen(config.PORT);
