import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The interactive subject's player inside self-contained SCORM packages (src/package): one classic
// script defining `VigilInteractive`, and its stylesheet, which the server's package builder copies
// into each zip that holds an interactive subject. Built after the embed player, into its dist/package.
export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/package',
    emptyOutDir: true,
    target: 'es2020',
    cssCodeSplit: false,
    lib: {
      entry: 'src/package/interactive-package.tsx',
      name: 'VigilInteractive',
      formats: ['iife'],
      fileName: () => 'interactive.js',
      cssFileName: 'interactive',
    },
  },
});
