import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The admin app (`src/admin/main.tsx`), built into dist/admin with a manifest the server reads; every screen is
// its own chunk. `npm run dev` serves it with hot reload, the API proxied to a running `npm start`.
export default defineConfig({
  base: '/wp-admin/assets/',
  plugins: [
    react(),
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css)$/, threshold: 0 }),
  ],
  define: { 'process.env.IS_GUTENBERG_PLUGIN': 'false', 'process.env.IS_WORDPRESS_CORE': 'false' },
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rollupOptions: { input: 'src/admin/main.tsx' },
  },
});
