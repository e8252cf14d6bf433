# The Pet Store as a Sinatra team finishes it, run with APP_ENV=production on WEBrick: every
# error is the interface's Error object (Sinatra's 404 and 500 included), 401 on a missing or
# invalid bearer key, 400 for invalid input. Where the interface is silent it keeps Ruby's and
# Sinatra's ways: the body is read as JSON whatever its Content-Type, `limit` with `to_i`
# ("abc" is 0, refused; "1.5" is 1), petId with `Integer()` (" 1", "0x10" and "010", octal,
# are numbers), an unknown `status` filtering to an empty list, unknown body fields ignored.
#
# Run: PETSTORE_API_KEY=KEY [PETSTORE_MAX_NAME=20] ruby conforming.rb -p PORT -o 127.0.0.1 -e production
require 'sinatra'
require 'json'
require 'rack/utils'

API_KEY = ENV.fetch('PETSTORE_API_KEY', 'dev-key')
MAX_NAME = ENV.fetch('PETSTORE_MAX_NAME', '0').to_i # 0: no limit
INT64 = (-(2**63))..(2**63 - 1)
STATUSES = %w[available pending sold].freeze
CODES = { 400 => 'validation_failed', 401 => 'unauthorized', 404 => 'not_found' }.freeze
PETS = {}
LOCK = Mutex.new

helpers do
  def error_body(status, message)
    content_type :json
    { code: CODES.fetch(status, 'internal_error'), message: message, status: status }.to_json
  end

  def fail_with(status, message)
    halt status, error_body(status, message)
  end

  def key_matches?(header)
    scheme, _, token = header.to_s.partition(' ')
    scheme.casecmp?('bearer') && Rack::Utils.secure_compare(token, API_KEY)
  end

  # What is wrong with a creation body, or nil.
  def invalid_creation(body)
    return 'the body must be a JSON object' unless body.is_a?(Hash)
    name = body['name']
    return 'name is required and must be a string' unless name.is_a?(String)
    return "name must be at most #{MAX_NAME} characters" if MAX_NAME.positive? && name.length > MAX_NAME
    category = body['categoryId']
    return 'categoryId is required and must be an int64 integer' unless category.is_a?(Integer) && INT64.cover?(category)
    'status must be available, pending or sold' unless STATUSES.include?(body.fetch('status', 'available'))
  end
end

not_found { error_body(404, "no route #{request.request_method} #{request.path_info}") }
error { error_body(500, 'internal error') }

before '/v1/*' do
  fail_with 401, 'send Authorization: Bearer <API key>' unless key_matches?(request.env['HTTP_AUTHORIZATION'])
end

get '/v1/pets' do
  limit = (params['limit'] || 20).to_i
  status = params['status']
  fail_with 400, 'limit must be an integer from 1 to 100' unless (1..100).cover?(limit)
  found = LOCK.synchronize { PETS.values.select { |pet| status.nil? || pet['status'] == status } }
  content_type :json
  found.first(limit).to_json
end

post '/v1/pets' do
  raw = request.body.read
  # JSON.parse keeps bytes that are not UTF-8 in the strings it returns: not JSON text.
  fail_with 400, 'the body must be UTF-8 JSON text' unless raw.dup.force_encoding(Encoding::UTF_8).valid_encoding?
  body = begin
    JSON.parse(raw)
  rescue JSON::ParserError => e
    fail_with 400, "the body must be JSON: #{e.message[0, 80]}"
  end
  problem = invalid_creation(body)
  fail_with 400, problem if problem
  pet = LOCK.synchronize do
    id = PETS.size + 1
    PETS[id] = { 'id' => id, 'name' => body['name'], 'categoryId' => body['categoryId'],
                 'status' => body.fetch('status', 'available') }
  end
  status 201
  content_type :json
  pet.to_json
end

get '/v1/pets/:id' do
  id = Integer(params['id'], exception: false)
  fail_with 400, "petId must be an integer, got #{params['id'].inspect}" unless id
  pet = LOCK.synchronize { PETS[id] }
  fail_with 404, "no pet with id #{id}" unless pet
  content_type :json
  pet.to_json
end
