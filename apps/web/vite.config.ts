import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.WYN_API_TARGET ?? 'http://localhost:3000';

/**
 * @wyn/contract exports TS source through one index that also builds zod schemas at module scope.
 * The web app mostly needs its constants (MSG, LIMITS, formatPoints) and types, so the package is
 * declared free of side effects: modules (and zod) that nothing uses are dropped from the bundle.
 */
function contractHasNoSideEffects(): Plugin {
  return {
    name: 'wyn:contract-side-effect-free',
    transform(code, id) {
      if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) return { code, map: null, moduleSideEffects: false };
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), contractHasNoSideEffects()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/media': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/media': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
