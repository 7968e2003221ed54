import L from 'leaflet';

// leaflet.markercluster extends the global `L` (it predates modules): give it Leaflet before it loads.
(globalThis as { L?: typeof L }).L = L;

export default L;
