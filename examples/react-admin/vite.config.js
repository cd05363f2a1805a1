import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The admin is built to dist/ and served by server.mjs, which also answers /api/ (the identity token).
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
