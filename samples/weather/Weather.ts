import { Arg, Example, Permissions, Requires, Tool } from 'hermes-tools';

const OFFLINE_READINGS: Record<string, { celsius: number; sky: string }> = {
  paris: { celsius: 14, sky: 'clear' },
  tokyo: { celsius: 19, sky: 'light rain' },
  lagos: { celsius: 31, sky: 'humid, cloudy' },
};

/**
 * Needs WEATHER_API_KEY: without it the tool is not listed and calls are refused, and it appears
 * once the variable is set. (This sample answers from a local table; a real one would call an API.)
 */
@Tool({
  name: 'weather.current',
  description: 'Current weather for a city.',
  tags: ['network'],
  idempotent: true,
  openWorld: true,
})
@Requires({ env: ['WEATHER_API_KEY'] })
@Permissions('net:http')
@Example({ description: 'Weather in Paris', input: { city: 'Paris' } })
export class Weather {
  execute(
    @Arg('city', { minLength: 1 }) city: string,
    @Arg('units', { enum: ['metric', 'imperial'], default: 'metric' }) units: 'metric' | 'imperial',
  ): { city: string; temperature: number; units: string; sky: string } {
    const reading = OFFLINE_READINGS[city.toLowerCase()];
    if (reading === undefined) throw new Error(`no weather station for "${city}"; try Paris, Tokyo or Lagos`);
    const temperature = units === 'metric' ? reading.celsius : Math.round(reading.celsius * 1.8 + 32);
    return { city, temperature, units, sky: reading.sky };
  }
}
