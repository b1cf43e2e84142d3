// Tasks over @modelcontextprotocol/server-everything (the MCP reference test server): get-sum
// answers in a sentence ("The sum of 2 and 3 is 5."), get-structured-content with a typed value.
import { call, program, read, readAs, type Task } from '../lib/task.ts'

interface Weather {
  temperature: number
  conditions: string
  humidity: number
}

const CITIES = ['New York', 'Chicago', 'Los Angeles']
const sumOf = (sentence: string): number => Number(/ is (-?[\d.]+)\.$/.exec(sentence.trim())?.[1])

export const everythingTasks: Task[] = [
  {
    id: 'ev-sum-chain',
    env: 'everything',
    prompt: 'Add up 12, 30, 7, 51 and 9 with the get-sum tool.',
    expected: 109,
    *direct() {
      let total = 12
      for (const b of [30, 7, 51, 9]) total = sumOf(yield call('get-sum', { a: total, b }))
      return total
    },
    *code() {
      return read(
        yield program(
          'Add the numbers with get-sum',
          `
          let total = 12
          for (const b of [30, 7, 51, 9]) {
            const sentence = await tools['get-sum']({ a: total, b })
            total = Number(/ is (-?[\\d.]+)\\.$/.exec(sentence.trim())[1])
          }
          return total
          `,
        ),
      )
    },
  },
  {
    id: 'ev-sum-table',
    env: 'everything',
    prompt: 'With get-sum, what are 3 + 4, 10 + 20 and 100 + 200?',
    expected: [7, 30, 300],
    *direct() {
      const sums: number[] = []
      for (const [a, b] of [
        [3, 4],
        [10, 20],
        [100, 200],
      ])
        sums.push(sumOf(yield call('get-sum', { a: a ?? 0, b: b ?? 0 })))
      return sums
    },
    *code() {
      return read(
        yield program(
          'Three sums with get-sum',
          `
          const pairs = [[3, 4], [10, 20], [100, 200]]
          const sentences = await Promise.all(pairs.map(([a, b]) => tools['get-sum']({ a, b })))
          return sentences.map((s) => Number(/ is (-?[\\d.]+)\\.$/.exec(s.trim())[1]))
          `,
        ),
      )
    },
  },
  {
    id: 'ev-warmest-city',
    env: 'everything',
    prompt: 'Which of New York, Chicago and Los Angeles is the warmest right now, and how warm is it?',
    expected: { city: 'Los Angeles', temperature: 73 },
    *direct() {
      let best = { city: '', temperature: -Infinity }
      for (const city of CITIES) {
        const { temperature } = readAs<Weather>(yield call('get-structured-content', { location: city }))
        if (temperature > best.temperature) best = { city, temperature }
      }
      return best
    },
    *code() {
      return read(
        yield program(
          'Compare the temperature of three cities',
          `
          let best = { city: '', temperature: -Infinity }
          for (const city of ['New York', 'Chicago', 'Los Angeles']) {
            const { temperature } = await tools['get-structured-content']({ location: city })
            if (temperature > best.temperature) best = { city, temperature }
          }
          return best
          `,
        ),
      )
    },
  },
  {
    id: 'ev-humidity-sum',
    env: 'everything',
    prompt: 'Add the humidity of New York and of Chicago, using get-sum for the addition.',
    expected: 164,
    *direct() {
      const a = readAs<Weather>(yield call('get-structured-content', { location: 'New York' })).humidity
      const b = readAs<Weather>(yield call('get-structured-content', { location: 'Chicago' })).humidity
      return sumOf(yield call('get-sum', { a, b }))
    },
    *code() {
      return read(
        yield program(
          'Sum two humidities with get-sum',
          `
          const a = (await tools['get-structured-content']({ location: 'New York' })).humidity
          const b = (await tools['get-structured-content']({ location: 'Chicago' })).humidity
          const sentence = await tools['get-sum']({ a, b })
          return Number(/ is (-?[\\d.]+)\\.$/.exec(sentence.trim())[1])
          `,
        ),
      )
    },
  },
  {
    id: 'ev-echo',
    env: 'everything',
    prompt: "Echo the message 'hello from isocode'.",
    expected: 'Echo: hello from isocode',
    *direct() {
      return yield call('echo', { message: 'hello from isocode' })
    },
    *code() {
      return read(yield program('Echo a message', `return await tools.echo({ message: 'hello from isocode' })`))
    },
  },
  {
    id: 'ev-chicago-weather',
    env: 'everything',
    prompt: 'What is the weather in Chicago?',
    expected: { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 },
    *direct() {
      return read(yield call('get-structured-content', { location: 'Chicago' }))
    },
    *code() {
      return read(
        yield program("Chicago's weather", `return await tools['get-structured-content']({ location: 'Chicago' })`),
      )
    },
  },
]
