import '@wordpress/components/build-style/style.css';
import './admin.css';
import { createRoot } from 'react-dom/client';
import { configureApi } from './api.js';
import { App } from './app.js';
import { boot } from './boot.js';
import './modules.js';

configureApi(boot);
createRoot(document.getElementById('storeside-admin')!).render(<App />);
