import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The pay-per-view player other sites frame: the server answers GET /embed with dist/index.html and
// /embed/assets/* from dist/assets. In development Vite proxies the API.
export default defineConfig({
  base: '/embed/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    port: 5175,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
