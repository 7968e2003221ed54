import L from '../lib/leaflet-global';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, MapContainer, TileLayer, useMap } from 'react-leaflet';
import { useMapConfig } from '../api/get-map-config';
import './donations-map.css';

export interface MapPoint {
  id: number;
  title: string;
  /** Public positions only: the server rounds them to about 1 km. */
  lat: number;
  lng: number;
}

export interface DonationsMapProps {
  points: MapPoint[];
  center: { lat: number; lng: number };
  zoom?: number;
  /** Draws the area the item is in (the public position is only good to about this many metres). */
  areaRadiusM?: number;
  onOpen?: (id: number) => void;
  testId?: string;
}

// A CSS pin, not Leaflet's default PNG marker: nothing to download, so it shows even offline.
const PIN = L.divIcon({ className: 'map-pin', html: '<span></span>', iconSize: [22, 22], iconAnchor: [11, 22] });

/**
 * A member's text for Leaflet's tooltips and popups: Leaflet writes a string content as HTML
 * (innerHTML), so a title with markup would become elements on every visitor's map.
 */
function textElement(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
}

/** The donations as clustered pins; a pin opens its donation. */
function Pins({ points, onOpen, fit }: { points: MapPoint[]; onOpen?: (id: number) => void; fit: boolean }) {
  const map = useMap();
  useEffect(() => {
    const group = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 50 });
    for (const point of points) {
      const marker = L.marker([point.lat, point.lng], { icon: PIN, title: point.title, alt: point.title, keyboard: true });
      marker.bindTooltip(textElement(point.title));
      if (onOpen) marker.on('click', () => onOpen(point.id));
      group.addLayer(marker);
    }
    map.addLayer(group);
    if (fit && points.length > 1) map.fitBounds(group.getBounds(), { padding: [24, 24], maxZoom: 14 });
    return () => {
      map.removeLayer(group);
    };
  }, [map, points, onOpen, fit]);
  return null;
}

/** Leaflet measures its box once: a map opened in a dialog or resized re-measures it. */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * A Leaflet map of donations on the configured tiles. When tiles cannot load (no network), the
 * pins stay on a plain background and the map says so.
 */
export default function DonationsMap({ points, center, zoom = 13, areaRadiusM, onOpen, testId = 'donations-map' }: DonationsMapProps) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const [tiles, setTiles] = useState({ loaded: 0, failed: 0 });
  const offline = tiles.failed > 0 && tiles.loaded === 0;

  return (
    <div className="donations-map" data-testid={testId} data-points={points.length} data-tiles={offline ? 'unavailable' : 'ok'}>
      <MapContainer center={[center.lat, center.lng]} zoom={zoom} scrollWheelZoom={false} className="donations-map__canvas">
        <TileLayer
          url={config.tileUrl}
          attribution={config.attribution}
          eventHandlers={{
            tileload: () => setTiles((s) => ({ ...s, loaded: s.loaded + 1 })),
            tileerror: () => setTiles((s) => ({ ...s, failed: s.failed + 1 })),
          }}
        />
        {areaRadiusM && <Circle center={[center.lat, center.lng]} radius={areaRadiusM} className="donations-map__area" />}
        <FollowSize />
        <Pins points={points} onOpen={onOpen} fit={!areaRadiusM} />
      </MapContainer>
      {offline && (
        <p className="donations-map__offline" role="status" data-testid="map-tiles-unavailable">
          {t('donations.map.tilesUnavailable')}
        </p>
      )}
    </div>
  );
}
