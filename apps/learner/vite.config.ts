import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The employees' app is served under /learn/ by the server; in development Vite proxies the API.
export default defineConfig({
  base: '/learn/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3000', '/static': 'http://localhost:3000' },
  },
});
