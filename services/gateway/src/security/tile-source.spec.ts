import { tileSource } from './tile-source.js';

describe(tileSource.name, () => {
  it('should allow exactly the tile server the map is configured with', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.basemaps.example.net/light/{z}/{x}/{y}.png')).toBe('https://*.basemaps.example.net');
    expect(tileSource('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
  });
});
